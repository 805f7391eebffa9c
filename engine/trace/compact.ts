import type { FlowCtx } from '../types';
import type { StepTrace, TraceEntry, Transition } from './types';
import { KeyTrie, next, type TrieNode } from '../util/key-trie';

/** A session keeps one of these per step for 100,000s of steps: most steps repeat the same calls. */
const EMPTY: never[] = Object.freeze([]) as unknown as never[];
/** Past this many distinct shapes (game code returning ever-new values), new ones are kept as they are. */
const MAX_SHAPES = 20_000;

/**
 * Shares what repeats between the traces of a session: identical trace entries (same function,
 * kind, player, primitive result, no events), identical entry lists, the transitions' strings and
 * empty arrays. Entries are looked up field by field and lists entry by entry (no key strings). The shared parts are frozen; a compacted trace equals the original value for value.
 */
export class TraceCompactor {
  private readonly entries = new KeyTrie<TraceEntry>();
  /** Lists of shared entries, keyed by the entries themselves. */
  private readonly lists = new KeyTrie<TraceEntry[]>();
  private readonly strings = new Map<string, string>();

  trace(trace: StepTrace): StepTrace {
    return {
      entries: this.entryList(trace.entries),
      transitions: this.transitions(trace.transitions),
      logs: trace.logs.length ? trace.logs : EMPTY,
    };
  }

  /** `ctx` with its arrays and maps shared with `previous` where they are equal. */
  ctx(ctx: FlowCtx, previous: FlowCtx | null): FlowCtx {
    if (!previous) return ctx;
    if (sameList(ctx.playOrder, previous.playOrder)) ctx.playOrder = previous.playOrder;
    if (ctx.activePlayers && previous.activePlayers && sameMap(ctx.activePlayers, previous.activePlayers))
      ctx.activePlayers = previous.activePlayers;
    return ctx;
  }

  empty<T>(list: T[]): T[] {
    return list.length ? list : EMPTY;
  }

  private entryList(list: TraceEntry[]): TraceEntry[] {
    if (!list.length) return EMPTY;
    let node: TrieNode<TraceEntry[]> | undefined;
    for (let i = 0; i < list.length; i++) {
      const shared = this.entry(list[i]);
      if (shared === list[i]) return list.map((e) => this.entry(e));
      node = i === 0 ? this.lists.first(shared) : next(node, shared);
    }
    if (node?.value) return node.value;
    const shared = list.map((e) => this.entry(e));
    if (this.lists.size >= MAX_SHAPES) return shared;
    Object.freeze(shared);
    this.lists.set(shared, shared);
    return shared;
  }

  /** The shared copy of `entry`, or `entry` itself when it holds more than can be shared safely. */
  private entry(entry: TraceEntry): TraceEntry {
    if (entry.events.length) return entry;
    let node = next(this.entries.first(entry.fn), entry.kind);
    for (const name in entry) {
      if (name === 'fn' || name === 'kind' || name === 'events') continue;
      const value = (entry as unknown as Record<string, unknown>)[name];
      if (!isPrimitive(value)) return entry;
      node = next(next(node, name), value);
    }
    if (node?.value) return node.value;
    if (this.entries.size >= MAX_SHAPES) return entry;
    const keys: unknown[] = [entry.fn, entry.kind];
    for (const name in entry)
      if (name !== 'fn' && name !== 'kind' && name !== 'events') keys.push(name, (entry as unknown as Record<string, unknown>)[name]);
    const shared = Object.freeze({ ...entry, events: EMPTY });
    this.entries.set(keys, shared);
    return shared;
  }

  private transitions(list: Transition[]): Transition[] {
    if (!list.length) return EMPTY;
    for (const t of list) {
      t.cause = this.string(t.cause);
      if (typeof t.phase === 'string') t.phase = this.string(t.phase);
    }
    return list;
  }

  private string(s: string): string {
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    if (this.strings.size < MAX_SHAPES) this.strings.set(s, s);
    return s;
  }
}

const isPrimitive = (value: unknown): boolean =>
  value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol');

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameMap(a: Record<string, string | null>, b: Record<string, string | null>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!(k in b) || a[k] !== b[k]) return false;
  return true;
}
