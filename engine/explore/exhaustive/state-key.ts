import type { FlowCtx } from '../../types';

/**
 * A state as the exhaustive search tells states apart: `G` and the flow position (phase, current
 * player, play order, active players and their stages, gameover). Counters (`turn`, `numMoves`,
 * `playOrderPos`), the random generator's state and boardgame.io's bookkeeping are left out, so
 * two paths to the same position are one state.
 */
export function stateKey(G: unknown, ctx: FlowCtx): string {
  return canonical([G, ctx.phase, ctx.currentPlayer, ctx.playOrder, ctx.activePlayers, ctx.gameover]);
}

/** JSON with every object's keys sorted, so the order game code added them in does not matter. */
export function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return 'null';
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonical(value[i]);
    return out + ']';
  }
  const keys = Object.keys(value as object);
  if (keys.length > 1) keys.sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function') continue;
    out += (first ? '' : ',') + JSON.stringify(key) + ':' + canonical(v);
    first = false;
  }
  return out + '}';
}

/**
 * A 64-bit hash of a key, as two 32-bit halves (FNV-1a and a Murmur-style mix, each over the
 * UTF-16 code units). The search keeps these 8 bytes per state instead of the key: two states
 * collide with probability about n²/2⁶⁵ (1 in 3.7 million at 10 million states).
 */
export function hashKey(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b ^= b >>> 16;
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a ^= a >>> 13;
  return [a >>> 0, b >>> 0];
}
