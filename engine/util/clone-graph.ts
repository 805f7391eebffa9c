/**
 * Objects found frozen all the way down (primitives, class instances and such objects below).
 * Freezing cannot be undone, so once found, always true.
 */
const deepFrozen = new WeakSet<object>();

/**
 * Copies the plain objects and arrays reachable from `value`, keeping shared references shared
 * and everything else (functions, class instances) as is.
 *
 * boardgame.io 0.50 mutates some `ctx` objects in place (`_activePlayersNumMoves`, and
 * `activePlayers` in `setStage`), objects that earlier states and `_undo` entries share. A state
 * kept for later must therefore be copied with its aliasing intact, so that replaying from the
 * copy mutates exactly what the original run mutated.
 *
 * With `keepFrozen`, frozen stays frozen: a part frozen all the way down is shared, not copied
 * (nothing can change it), and a copy of any other frozen object is frozen too. immer freezes
 * what it produces and skips frozen parts on the next `produce` (it walks and freezes unfrozen
 * ones), so a state copied for the reducer costs what the original cost, game code that writes
 * to a frozen object fails on the copy as it did on the original, and the reducer's output
 * shares the unchanged parts of the state it was given.
 *
 * `seen` may come seeded with copies made earlier (original → copy): those are used as they are.
 */
export function cloneGraph<T>(value: T, keepFrozen = false, seen: Map<object, unknown> = new Map()): T {
  return copyValue(value, { seen, keepFrozen }) as T;
}

/** Whether `value` was found frozen all the way down by an earlier `cloneGraph(…, true)` (so it is shared, never copied). */
export function isKnownDeepFrozen(value: object): boolean {
  return deepFrozen.has(value);
}

interface Cloning {
  /** Each object copied so far, and its copy (the object itself when kept). */
  seen: Map<object, unknown>;
  keepFrozen: boolean;
}

function copyValue(v: unknown, c: Cloning): unknown {
  if (v === null || typeof v !== 'object') return v;
  const isFrozen = c.keepFrozen && Object.isFrozen(v);
  if (isFrozen && deepFrozen.has(v)) return v;
  const known = c.seen.get(v);
  if (known !== undefined) return known;
  if (Array.isArray(v)) {
    const out: unknown[] = new Array(v.length);
    c.seen.set(v, out);
    let same = true;
    for (let i = 0; i < v.length; i++) if ((out[i] = copyValue(v[i], c)) !== v[i]) same = false;
    return isFrozen ? frozen(v, out, same, c) : out;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return v;
  const out: Record<string, unknown> = {};
  c.seen.set(v, out);
  let same = true;
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if ((out[key] = copyValue((v as Record<string, unknown>)[key], c)) !== (v as Record<string, unknown>)[key]) same = false;
  }
  return isFrozen ? frozen(v, out, same, c) : out;
}

/** A frozen original: itself when all below it is kept too, else its copy, frozen. */
function frozen(original: object, out: object, same: boolean, c: Cloning): object {
  if (same) {
    deepFrozen.add(original);
    c.seen.set(original, original);
    return original;
  }
  return Object.freeze(out);
}
