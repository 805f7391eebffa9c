/**
 * Pure helpers behind the JSON trees of the inspector: which paths changed in a step, which nodes
 * open by default, and how a value is summarised on one line. No React here (unit-tested).
 */
import { formatPath, type DiffEntry } from '../../../engine/host/protocol';

export type Key = string | number;

/** The changes of one step, keyed by `formatPath` strings (`G.players["2"].health`). */
export interface ChangeIndex {
  /** Paths that were added or changed in this step, with their diff entry. */
  changed: Map<string, DiffEntry>;
  /** Strict ancestors of changed, added or removed paths: they show "changed inside". */
  inside: Set<string>;
  /** Strict ancestors of changed or added paths only: these open by themselves. */
  expand: Set<string>;
  /** Entries that no longer exist, by the path of the container that held them (listed at its end, struck through). */
  removed: Map<string, RemovedEntry[]>;
  /** The host stops diffing after this many entries; true when it probably did. */
  truncated: boolean;
}

/** The diff engine's default limit (`diffValues(a, b, 500)`). */
export const DIFF_LIMIT = 500;

export interface RemovedEntry {
  key: Key;
  path: string;
  before: unknown;
}

export function indexChanges(root: string, diff: readonly DiffEntry[]): ChangeIndex {
  const index: ChangeIndex = {
    changed: new Map(),
    inside: new Set(),
    expand: new Set(),
    removed: new Map(),
    truncated: diff.length >= DIFF_LIMIT,
  };
  for (const entry of diff) {
    const full = formatPath(root, entry.path);
    if (entry.kind === 'removed' && entry.path.length > 0) {
      const parent = formatPath(root, entry.path.slice(0, -1));
      const held = index.removed.get(parent) ?? [];
      held.push({ key: entry.path[entry.path.length - 1], path: full, before: entry.before });
      index.removed.set(parent, held);
    } else index.changed.set(full, entry);
    let prefix = root;
    for (let i = 0; i < entry.path.length; i++) {
      index.inside.add(prefix);
      if (entry.kind !== 'removed') index.expand.add(prefix);
      prefix = formatPath(prefix, [entry.path[i]]);
    }
  }
  return index;
}

/** The path of child `key` under the node whose path is `parent`. */
export function childPath(parent: string, key: Key): string {
  return formatPath(parent, [key]);
}

export function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return value !== null && typeof value === 'object';
}

/** Children in display order: array indices as numbers (as the diff has them), object keys as strings. */
export function childEntries(value: unknown, hide?: (key: string) => boolean): [Key, unknown][] {
  if (Array.isArray(value)) return value.map((v, i) => [i, v]);
  if (!isContainer(value)) return [];
  const out: [Key, unknown][] = [];
  for (const key of Object.keys(value)) if (!hide || !hide(key)) out.push([key, (value as Record<string, unknown>)[key]]);
  return out;
}

export function childCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return isContainer(value) ? Object.keys(value).length : 0;
}

/** Containers with more children than this stay closed unless something inside changed. */
export const LARGE = 12;
/** Nodes deeper than this stay closed unless something inside changed. */
export const OPEN_DEPTH = 2;

/**
 * Whether a node starts open: the root always; others up to depth 2 when not large; any node with
 * a change (not only a removal) below it; a container emptied in this step (to show what it held).
 */
export function defaultOpen(path: string, depth: number, value: unknown, changes: ChangeIndex | null): boolean {
  if (!isContainer(value)) return false;
  if (depth === 0) return true;
  if (changes?.expand.has(path)) return true;
  if (childCount(value) === 0 && changes?.removed.has(path)) return true;
  return depth <= OPEN_DEPTH && childCount(value) <= LARGE;
}

/** One primitive, the way JSON would write it (undefined too, since the diff may carry it). */
export function formatLeaf(value: unknown, max = 240): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return 'ƒ()';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function leafKind(value: unknown): 'string' | 'number' | 'boolean' | 'null' | 'other' {
  if (value === null || value === undefined) return 'null';
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : 'other';
}

/** A one-line summary of a container for its collapsed row: `["c3", "c17", …]` or `{health, hand, …}`. */
export function preview(value: unknown, max = 48): string {
  if (!isContainer(value)) return formatLeaf(value, max);
  const isArray = Array.isArray(value);
  const entries = childEntries(value);
  if (entries.length === 0) return isArray ? '[]' : '{}';
  const parts: string[] = [];
  let length = 2;
  for (const [key, child] of entries) {
    const text = isArray ? (isContainer(child) ? (Array.isArray(child) ? '[…]' : '{…}') : formatLeaf(child, 24)) : String(key);
    if (length + text.length > max && parts.length > 0) {
      parts.push('…');
      break;
    }
    parts.push(text);
    length += text.length + 2;
  }
  return isArray ? `[${parts.join(', ')}]` : `{${parts.join(', ')}}`;
}

export type Slot = { kind: 'entry'; index: number } | { kind: 'gap'; from: number; to: number };

/**
 * What an open node renders: its first `page` children, then only the children beyond them that
 * changed (or hold a change), with gaps (`from..to`, exclusive end) standing for the hidden rest.
 * A change at `items[1400]` thus costs one row, not 1400.
 */
export function visibleSlots(entries: readonly [Key, unknown][], parent: string, changes: ChangeIndex | null, page: number): Slot[] {
  const slots: Slot[] = [];
  const first = Math.min(entries.length, page);
  for (let i = 0; i < first; i++) slots.push({ kind: 'entry', index: i });
  if (first === entries.length) return slots;
  let gapFrom = first;
  if (changes && changes.inside.has(parent)) {
    for (let i = first; i < entries.length; i++) {
      const p = childPath(parent, entries[i][0]);
      if (changes.changed.has(p) || changes.inside.has(p)) {
        if (i > gapFrom) slots.push({ kind: 'gap', from: gapFrom, to: i });
        slots.push({ kind: 'entry', index: i });
        gapFrom = i + 1;
      }
    }
  }
  if (gapFrom < entries.length) slots.push({ kind: 'gap', from: gapFrom, to: entries.length });
  return slots;
}

/** Drops the underscore-prefixed fields of a ctx (`_activePlayersMinMoves`, `_random`, …). */
export function withoutUnderscored(ctx: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(ctx)) if (!key.startsWith('_')) out[key] = ctx[key];
  return out;
}

/**
 * `next`, with every subtree that deep-equals the one at the same place in `prev` replaced by
 * `prev`'s object. Stepping back and forth then hands the tree the same objects for unchanged
 * subtrees, so their (memoised) rows skip rendering. O(size of next).
 */
export function share<T>(prev: unknown, next: T): T {
  if (prev === next || !isContainer(prev) || !isContainer(next) || Array.isArray(prev) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const p = prev as unknown[];
    let same = p.length === next.length;
    const out = new Array(next.length);
    for (let i = 0; i < next.length; i++) {
      out[i] = share(p[i], next[i]);
      if (out[i] !== p[i]) same = false;
    }
    return (same ? prev : out) as T;
  }
  const p = prev as Record<string, unknown>;
  const n = next as Record<string, unknown>;
  const keys = Object.keys(n);
  let same = keys.length === Object.keys(p).length;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    out[key] = share(p[key], n[key]);
    if (out[key] !== p[key] || !Object.prototype.hasOwnProperty.call(p, key)) same = false;
  }
  return (same ? prev : out) as T;
}
