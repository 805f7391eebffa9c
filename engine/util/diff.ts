import { create, type Delta } from 'jsondiffpatch';
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

type Walk = (delta: Delta, path: (string | number)[]) => void;

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};
const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/**
 * `differ.diff(a, b)`, the same delta built faster: plain objects are compared here key by key
 * exactly as jsondiffpatch's object filter does (an identical reference is no change), and only
 * other pairs (arrays, leaves) go to jsondiffpatch, after `b` is made to share what equals `a`
 * (so that matching array items are the same references to it).
 */
export function deltaOf(a: unknown, b: unknown): Delta | undefined {
  if (a === b) return undefined;
  if (!isPlainObject(a) || !isPlainObject(b)) return differ.diff(a, shareEqual(a, b));
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

/**
 * The changes from `a` to `b` as a list of leaf paths: objects key by key, arrays by content
 * (jsondiffpatch's LCS), a value that changes type reported whole. Stops after `limit` entries.
 */
export function diffValues(a: unknown, b: unknown, limit = 500): DiffEntry[] {
  const out: DiffEntry[] = [];
  const push = (e: DiffEntry) => {
    if (out.length < limit) out.push(e);
  };
  const walk: Walk = (delta, path) => {
    if (out.length >= limit || delta === undefined) return;
    if (Array.isArray(delta)) {
      if (delta.length === 1) push({ path, kind: 'added', after: delta[0] });
      else if (delta.length === 2) push({ path, kind: 'changed', before: delta[0], after: delta[1] });
      else if (delta[2] === 0) push({ path, kind: 'removed', before: delta[0] });
      return;
    }
    const d = delta as Record<string, unknown>;
    if (d._t === 'a') {
      // `_i`: about the old array's index i (removed or moved away); `i`: about the new array's index i.
      const entries: { index: number; old: boolean; delta: Delta }[] = [];
      for (const [k, v] of Object.entries(d)) {
        if (k === '_t') continue;
        const old = k.startsWith('_');
        entries.push({ index: Number(old ? k.slice(1) : k), old, delta: v as Delta });
      }
      entries.sort((x, y) => x.index - y.index || Number(y.old) - Number(x.old));
      const isRemoval = (v: Delta) => Array.isArray(v) && v.length === 3 && v[2] === 0;
      const isAddition = (v: Delta) => Array.isArray(v) && v.length === 1;
      const addedAt = new Map(entries.filter((e) => !e.old && isAddition(e.delta)).map((e) => [e.index, e]));
      const replaced = new Set<(typeof entries)[number]>();
      for (const e of entries) {
        if (replaced.has(e)) continue;
        const v = e.delta as unknown[];
        const added = e.old && isRemoval(e.delta) ? addedAt.get(e.index) : undefined;
        // Removed and added at the same index: a value replaced in place (a board cell, a die).
        if (added) {
          replaced.add(added);
          push({ path: [...path, e.index], kind: 'changed', before: v[0], after: (added.delta as unknown[])[0] });
        } else if (e.old && Array.isArray(v) && v[2] === 3)
          push({ path: [...path, v[1] as number], kind: 'moved', before: e.index, after: v[0] });
        else walk(e.delta, [...path, e.index]);
      }
      return;
    }
    for (const [k, v] of Object.entries(d)) walk(v as Delta, [...path, k]);
  };
  const delta = deltaOf(a, b);
  if (delta !== undefined) walk(delta, []);
  return out;
}

/** `G.players["2"].hand[3]` style. */
export function formatPath(root: string, path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (s, p) => (typeof p === 'number' ? `${s}[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `${s}.${p}` : `${s}[${JSON.stringify(p)}]`),
    root,
  );
}
