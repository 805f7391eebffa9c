import { create, type Delta } from 'jsondiffpatch';
import { sameFunction } from './plain';
import { shareEqual } from './share-equal';

export type DiffKind = 'added' | 'removed' | 'changed' | 'moved';

export interface DiffEntry {
  path: (string | number)[];
  kind: DiffKind;
  /** For `moved`: the old index. */
  before?: unknown;
  /** For `moved`: the value that moved. */
  after?: unknown;
}

/**
 * Array items are matched by content (an object's `id` or `key` when it has one, else its JSON),
 * so removing one card from a hand is one removal, not a change at every later index.
 */
export const differ = create({
  objectHash: (item: object, index?: number) => {
    const o = item as Record<string, unknown>;
    if (o && (typeof o.id === 'string' || typeof o.id === 'number')) return `id:${o.id}`;
    if (o && (typeof o.key === 'string' || typeof o.key === 'number')) return `key:${o.key}`;
    try {
      return JSON.stringify(item) ?? `#${index}`;
    } catch {
      return `#${index}`;
    }
  },
  arrays: { detectMove: true, includeValueOnMove: true },
  cloneDiffValues: false,
});

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};
const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/**
 * `differ.diff(a, b)`, the same delta built faster: plain objects are compared here key by key
 * exactly as jsondiffpatch's object filter does (an identical reference is no change), leaves and
 * arrays whose change is one block added or removed are answered here as its trivial and array
 * filters answer them, and only the rest (other arrays, class instances) go to jsondiffpatch, after
 * `b` is made to share what equals `a` (so that matching array items are the same references to it).
 */
export function deltaOf(a: unknown, b: unknown): Delta | undefined {
  if (a === b) return undefined;
  if (isPlainObject(a) && isPlainObject(b)) {
    let out: Record<string, Delta> | undefined;
    for (const name in a) {
      if (!hasOwn(a, name)) continue;
      const d = deltaOf(a[name], b[name]);
      if (d !== undefined) (out ??= {})[name] = d;
    }
    for (const name in b) {
      if (!hasOwn(b, name) || typeof a[name] !== 'undefined') continue;
      const d = deltaOf(undefined, b[name]);
      if (d !== undefined) (out ??= {})[name] = d;
    }
    return out as Delta | undefined;
  }
  const leaf = leafDelta(a, b);
  if (leaf !== NOT_TRIVIAL) return leaf;
  // Most arrays need no sharing: blockDelta declines at a pair of distinct objects, equal or not.
  if (Array.isArray(a) && Array.isArray(b)) {
    const block = blockDelta(a, b);
    if (block !== NOT_TRIVIAL) return block;
  }
  const shared = shareEqual(a, b);
  if (shared === a) return undefined;
  if (Array.isArray(a) && Array.isArray(shared)) {
    const block = blockDelta(a, shared);
    if (block !== NOT_TRIVIAL) return block;
  }
  try {
    return differ.diff(a, shared);
  } catch {
    // A function inside an array it matches by content: the array changed, shown whole.
    return [a, b];
  }
}

const NOT_TRIVIAL = Symbol('not trivial');
const kind = (v: unknown) => (v === null ? 'null' : typeof v);

/** jsondiffpatch's trivial and text filters for two different values that are not both objects (its text diff is off). */
function leafDelta(a: unknown, b: unknown): Delta | undefined | typeof NOT_TRIVIAL {
  const ka = kind(a);
  const kb = kind(b);
  // jsondiffpatch refuses functions: one made by the same code again is no change, any other is.
  if (ka === 'function' || kb === 'function')
    return sameFunction(a, b) ? undefined : kb === 'undefined' ? [a, 0, 0] : ka === 'undefined' ? [b] : [a, b];
  if (ka === 'undefined') return [b];
  if (kb === 'undefined') return [a, 0, 0];
  if (ka !== kb) return [a, b];
  if (ka === 'boolean' || ka === 'number' || ka === 'string') return [a, b];
  if (ka === 'object' && Array.isArray(a) !== Array.isArray(b)) return [a, b];
  return NOT_TRIVIAL;
}

/** Whether jsondiffpatch's array filter could match `x` and `y` (two objects) when it is told they differ. */
const hashMatchable = (x: unknown, y: unknown) => x !== y && typeof x === 'object' && typeof y === 'object';

/**
 * jsondiffpatch's array filter when, past the items equal at the head and the tail, one array is
 * exhausted: the other's remaining items were added (or removed) as a block. An item pair that
 * jsondiffpatch could match by hash (two different objects) is left to it.
 */
function blockDelta(a: readonly unknown[], b: readonly unknown[]): Delta | undefined | typeof NOT_TRIVIAL {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  if (head < a.length && head < b.length && hashMatchable(a[head], b[head])) return NOT_TRIVIAL;
  let tail = 0;
  while (tail + head < a.length && tail + head < b.length && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  // Neither exhausted: jsondiffpatch would match the items between by their LCS.
  if (tail + head < a.length && tail + head < b.length) return NOT_TRIVIAL;
  const out: Record<string, unknown> = { _t: 'a' };
  if (head + tail === a.length) {
    if (a.length === b.length) return undefined;
    for (let i = head; i < b.length - tail; i++) out[i] = [b[i]];
  } else for (let i = head; i < a.length - tail; i++) out[`_${i}`] = [a[i], 0, 0];
  return out as Delta;
}

/**
 * The changes from `a` to `b` as a list of leaf paths: objects key by key, arrays by content
 * (jsondiffpatch's LCS), a value that changes type reported whole. Stops after `limit` entries.
 */
export function diffValues(a: unknown, b: unknown, limit = 500): DiffEntry[] {
  const out: DiffEntry[] = [];
  const delta = deltaOf(a, b);
  if (delta !== undefined) walk({ out, limit }, delta, []);
  return out;
}

interface Listing {
  out: DiffEntry[];
  limit: number;
}

const push = (to: Listing, e: DiffEntry) => {
  if (to.out.length < to.limit) to.out.push(e);
};
const isRemoval = (v: Delta) => Array.isArray(v) && v.length === 3 && v[2] === 0;
const isAddition = (v: Delta) => Array.isArray(v) && v.length === 1;

function walk(to: Listing, delta: Delta, path: (string | number)[]): void {
  if (to.out.length >= to.limit || delta === undefined) return;
  if (Array.isArray(delta)) {
    if (delta.length === 1) push(to, { path, kind: 'added', after: delta[0] });
    else if (delta.length === 2) push(to, { path, kind: 'changed', before: delta[0], after: delta[1] });
    else if (delta[2] === 0) push(to, { path, kind: 'removed', before: delta[0] });
    return;
  }
  const d = delta as Record<string, unknown>;
  if (d._t === 'a') {
    walkArray(to, d, path);
    return;
  }
  for (const k in d) if (hasOwn(d, k)) walk(to, d[k] as Delta, [...path, k]);
}

interface ArrayEntry {
  index: number;
  old: boolean;
  delta: Delta;
}

const byIndex = (x: ArrayEntry, y: ArrayEntry) => x.index - y.index || Number(y.old) - Number(x.old);

function walkArray(to: Listing, d: Record<string, unknown>, path: (string | number)[]): void {
  // `_i`: about the old array's index i (removed or moved away); `i`: about the new array's index i.
  const entries: ArrayEntry[] = [];
  let removals = false;
  let additions = false;
  for (const k in d) {
    if (k === '_t' || !hasOwn(d, k)) continue;
    const old = k.startsWith('_');
    const delta = d[k] as Delta;
    entries.push({ index: Number(old ? k.slice(1) : k), old, delta });
    if (old) removals ||= isRemoval(delta);
    else additions ||= isAddition(delta);
  }
  if (entries.length > 1) entries.sort(byIndex);
  let addedAt: Map<number, ArrayEntry> | null = null;
  if (removals && additions) {
    addedAt = new Map();
    for (const e of entries) if (!e.old && isAddition(e.delta)) addedAt.set(e.index, e);
  }
  let replaced: Set<ArrayEntry> | null = null;
  for (const e of entries) {
    if (replaced?.has(e)) continue;
    const v = e.delta as unknown[];
    const added = addedAt && e.old && isRemoval(e.delta) ? addedAt.get(e.index) : undefined;
    // Removed and added at the same index: a value replaced in place (a board cell, a die).
    if (added) {
      (replaced ??= new Set()).add(added);
      push(to, { path: [...path, e.index], kind: 'changed', before: v[0], after: (added.delta as unknown[])[0] });
    } else if (e.old && Array.isArray(v) && v[2] === 3)
      push(to, { path: [...path, v[1] as number], kind: 'moved', before: e.index, after: v[0] });
    else walk(to, e.delta, [...path, e.index]);
  }
}

/** `G.players["2"].hand[3]` style. */
export function formatPath(root: string, path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (s, p) => (typeof p === 'number' ? `${s}[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `${s}.${p}` : `${s}[${JSON.stringify(p)}]`),
    root,
  );
}
