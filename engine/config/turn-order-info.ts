/* eslint-disable @typescript-eslint/no-explicit-any -- a game config and its ctx are the user's data, of any shape boardgame.io accepts. */
export type TurnOrderKind = 'DEFAULT' | 'RESET' | 'CONTINUE' | 'ONCE' | 'CUSTOM' | 'CUSTOM_FROM' | 'custom';

export interface TurnOrderInfo {
  kind: TurnOrderKind;
  /** How a reader would write it: `TurnOrder.ONCE`, `TurnOrder.CUSTOM(["2","0","1"])`, `custom (turn.order)`. */
  label: string;
  /** The fixed play order of `CUSTOM`, when known. */
  playOrder?: string[];
  /** The `G` field `CUSTOM_FROM` reads. */
  field?: string;
}

const PRESETS = ['DEFAULT', 'RESET', 'CONTINUE', 'ONCE'] as const;
const source = (fn: unknown) => (typeof fn === 'function' ? Function.prototype.toString.call(fn) : String(fn));
const sameSteps = (a: any, b: any) => !!a && !!b && source(a.first) === source(b.first) && source(a.next) === source(b.next);
/** `RESET` and `CUSTOM(…)` share `first` and `next` (since 0.39): only `CUSTOM`'s `playOrder` tells them apart. */
const sameShape = (a: any, b: any) => sameSteps(a, b) && source(a.playOrder) === source(b.playOrder);

/**
 * Names a turn order by comparing it with the running release's `TurnOrder` presets (by
 * identity, then by the source of their functions, since `CUSTOM(…)` makes a new object).
 */
export function describeTurnOrder(order: unknown, presets: Record<string, any>, path: string): TurnOrderInfo {
  if (order === undefined) return { kind: 'DEFAULT', label: 'TurnOrder.DEFAULT' };
  for (const name of PRESETS) {
    if (presets[name] && (order === presets[name] || sameShape(order, presets[name]))) return { kind: name, label: `TurnOrder.${name}` };
  }
  const o = order as Record<string, any>;
  if (typeof presets.CUSTOM === 'function' && sameSteps(o, presets.CUSTOM([])) && typeof o.playOrder === 'function') {
    if (source(o.playOrder) === source(presets.CUSTOM([]).playOrder)) {
      let playOrder: string[] | undefined;
      try {
        playOrder = o.playOrder({});
      } catch {
        playOrder = undefined;
      }
      return { kind: 'CUSTOM', label: `TurnOrder.CUSTOM(${JSON.stringify(playOrder ?? '?')})`, playOrder };
    }
    if (typeof presets.CUSTOM_FROM === 'function' && source(o.playOrder) === source(presets.CUSTOM_FROM('x').playOrder)) {
      let field: string | undefined;
      // 0.50 calls `playOrder({ G, ctx })`, earlier releases `playOrder(G, ctx)`: the last key read is the field.
      const G = new Proxy({}, { get: (_t, key) => ((field = String(key)), []) });
      try {
        o.playOrder(new Proxy({}, { get: (_t, key) => ((field = String(key)), key === 'G' ? G : []) }));
      } catch {
        field = undefined;
      }
      return { kind: 'CUSTOM_FROM', label: `TurnOrder.CUSTOM_FROM(${JSON.stringify(field ?? '?')})`, field };
    }
  }
  return { kind: 'custom', label: `custom (${path})` };
}

/** `ActivePlayers.ALL_ONCE` and friends by value, else the object as JSON. */
export function describeActivePlayers(value: unknown, presets: Record<string, unknown> = {}): string | undefined {
  if (value === undefined || value === null) return undefined;
  const json = JSON.stringify(value);
  for (const [name, preset] of Object.entries(presets)) if (JSON.stringify(preset) === json) return `ActivePlayers.${name}`;
  return json
    .replace(/"([A-Za-z_$][\w$]*)":/g, '$1: ')
    .replace(/"/g, "'")
    .replace(/,/g, ', ');
}
