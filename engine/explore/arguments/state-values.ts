import { phaseNames, stageNames } from '../../config/config-queries';
import type { BgioState, GameConfig } from '../../types';

const LIMIT = 40;

/**
 * Values found in the state, the last resort for an argument nothing else suggests: the
 * players' IDs, small indexes, ids and names found in `G` (a few levels deep), phase and stage names.
 */
export function stateValues(state: BgioState, config: GameConfig): unknown[] {
  const found = new Set<unknown>();
  const add = (v: unknown) => {
    if (found.size < LIMIT && (typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v)))) found.add(v);
  };
  const playOrder: unknown[] = Array.isArray(state.ctx.playOrder) ? state.ctx.playOrder : [];
  playOrder.forEach(add);
  for (let i = 0; i < 4; i++) add(i);
  const walk = (value: unknown, depth: number) => {
    if (found.size >= LIMIT || depth > 3 || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => (typeof item === 'object' ? walk(item, depth + 1) : (add(i), add(item))));
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      if (/id$|name$|key$/i.test(key)) add(item);
      walk(item, depth + 1);
    }
  };
  walk(state.G, 0);
  phaseNames(config).forEach(add);
  [...new Set(phaseNames(config).flatMap((p) => stageNames(config, p)))].forEach(add);
  return [...found];
}
