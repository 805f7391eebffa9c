/**
 * Copies the plain objects and arrays reachable from `value`, keeping shared references shared
 * and everything else (functions, class instances) as is.
 *
 * boardgame.io 0.50 mutates some `ctx` objects in place (`_activePlayersNumMoves`, and
 * `activePlayers` in `setStage`), objects that earlier states and `_undo` entries share. A state
 * kept for later must therefore be copied with its aliasing intact, so that replaying from the
 * copy mutates exactly what the original run mutated.
 */
export function cloneGraph<T>(value: T): T {
  const seen = new Map<object, unknown>();
  const copy = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    const known = seen.get(v);
    if (known !== undefined) return known;
    if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      seen.set(v, out);
      for (let i = 0; i < v.length; i++) out[i] = copy(v[i]);
      return out;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return v;
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const key of Object.keys(v)) out[key] = copy((v as Record<string, unknown>)[key]);
    return out;
  };
  return copy(value) as T;
}
