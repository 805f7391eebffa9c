import type { TurnOrderInfo } from '../../config/turn-order-info';
import type { GameConfig } from '../../types';
import { legacyPresetOf } from './turn-order-presets';
import { readLegacy } from './read-legacy';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/**
 * How the turn order of each phase of a ≤0.32 game is written in its own code: `TurnOrder.ANY`,
 * or `custom (flow.phases.any.turnOrder)`. A phase without a `turnOrder` has the flow's, and the
 * flow's defaults to `TurnOrder.DEFAULT`. Keyed by phase name; `null` is the implicit `default`
 * phase (a game without phases). Empty when the spec cannot be read (an unrecorded `Game()`).
 */
export function legacyTurnOrderLabels(config: GameConfig, turnOrders?: Record<string, unknown>): Map<string | null, TurnOrderInfo> {
  const out = new Map<string | null, TurnOrderInfo>();
  const { spec, readable } = readLegacy(config);
  if (!readable) return out;
  const flow = isObject(spec.flow) ? spec.flow : {};
  const describe = (order: unknown, path: string): TurnOrderInfo => {
    if (order === undefined) return { kind: 'DEFAULT', label: 'TurnOrder.DEFAULT' };
    const preset = legacyPresetOf(order, turnOrders);
    if (!preset) return { kind: 'custom', label: `custom (${path})` };
    return { kind: preset.name === 'DEFAULT' || preset.name === 'ONCE' ? preset.name : 'custom', label: `TurnOrder.${preset.name}` };
  };
  const flowOrder = describe(flow.turnOrder, 'flow.turnOrder');
  out.set(null, flowOrder);
  const phases = flow.phases;
  if (Array.isArray(phases)) {
    phases.forEach((p, i) => {
      if (isObject(p))
        out.set(String(p.name), p.turnOrder === undefined ? flowOrder : describe(p.turnOrder, `flow.phases[${i}].turnOrder`));
    });
  } else if (isObject(phases)) {
    for (const [name, p] of Object.entries(phases)) {
      if (isObject(p)) out.set(name, p.turnOrder === undefined ? flowOrder : describe(p.turnOrder, `flow.phases.${name}.turnOrder`));
    }
  }
  return out;
}
