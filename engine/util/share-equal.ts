import { sameFunction } from './plain';

/** Deeper or larger than any game state: past either (a cycle, say) values are left unshared. */
const MAX_DEPTH = 200;
const MAX_NODES = 1_000_000;

const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** An own property even for `__proto__`. */
const set = (o: Record<string, unknown>, k: string, v: unknown): void => {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
};

/**
 * `b`, with each plain object or array that equals the one at the same place in `a` (same keys
 * in the same order, the same primitives, functions with the same source) replaced by `a`'s: the
 * result holds `b`'s data, but shares `a`'s unchanged parts. Neither input is changed.
 *
 * Two states re-derived separately share nothing, so a differ would walk every node of both;
 * after this, it stops at the first identical reference of every unchanged subtree.
 */
export function shareEqual<T>(a: unknown, b: T): T {
  return share(a, b, 0, { nodes: MAX_NODES }) as T;
}

function share(a: unknown, b: unknown, depth: number, budget: { nodes: number }): unknown {
  // A function in the state made by the same code again (a re-derived closure) counts as equal.
  if (typeof a === 'function' && sameFunction(a, b)) return a;
  if (a === b || a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return b;
  if (depth > MAX_DEPTH || --budget.nodes < 0) return b;
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return b;
    let same = a.length === b.length;
    let out: unknown[] | null = null;
    for (let i = 0; i < b.length; i++) {
      const v = i < a.length ? share(a[i], b[i], depth + 1, budget) : b[i];
      if (v !== a[i]) same = false;
      if (v !== b[i]) (out ??= b.slice())[i] = v;
    }
    return same ? a : (out ?? b);
  }
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return b;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  const kb = Object.keys(rb);
  let same = ka.length === kb.length;
  let out: Record<string, unknown> | null = null;
  for (let i = 0; i < kb.length; i++) {
    const k = kb[i];
    const had = Object.prototype.hasOwnProperty.call(ra, k);
    const v = had ? share(ra[k], rb[k], depth + 1, budget) : rb[k];
    if (ka[i] !== k || !had || v !== ra[k]) same = false;
    if (v !== rb[k] && !out) {
      // Copied up to here: every earlier value was `b`'s own.
      out = Object.create(Object.getPrototypeOf(rb)) as Record<string, unknown>;
      for (let j = 0; j < i; j++) set(out, kb[j], rb[kb[j]]);
    }
    if (out) set(out, k, v);
  }
  return same ? a : (out ?? b);
}
