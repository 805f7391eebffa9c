import type { FlowCtx } from '../types';
import type { StepTrace, TraceEntry, Transition } from './types';

/** A session keeps one of these per step for 100,000s of steps: most steps repeat the same calls. */
const EMPTY: never[] = Object.freeze([]) as unknown as never[];
/** Past this many distinct shapes (game code returning ever-new values), new ones are kept as they are. */
const MAX_SHAPES = 20_000;

/**
 * Shares what repeats between the traces of a session: identical trace entries (same function,
 * kind, player, primitive result, no events), identical entry lists, the transitions' strings and
 * empty arrays. The shared parts are frozen; a compacted trace equals the original value for value.
 */
export class TraceCompactor {
  private readonly entries = new Map<string, TraceEntry>();
  private readonly lists = new Map<string, TraceEntry[]>();
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
    let key = '';
    const shared: TraceEntry[] = [];
    for (const entry of list) {
      const k = entryKey(entry);
      if (k === null) return list.map((e) => this.entry(e));
      shared.push(this.entry(entry, k));
      key += k + '\u0001';
    }
    const known = this.lists.get(key);
    if (known) return known;
    if (this.lists.size >= MAX_SHAPES) return shared;
    Object.freeze(shared);
    this.lists.set(key, shared);
    return shared;
  }

  private entry(entry: TraceEntry, key = entryKey(entry)): TraceEntry {
    if (key === null) return entry;
    const known = this.entries.get(key);
    if (known) return known;
    if (this.entries.size >= MAX_SHAPES) return entry;
    const shared = Object.freeze({ ...entry, events: EMPTY });
    this.entries.set(key, shared);
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

/** A key naming everything in `entry`, or null when it holds more than can be shared safely. */
function entryKey(entry: TraceEntry): string | null {
  if (entry.events.length) return null;
  let key = `${entry.fn}\u0000${entry.kind}`;
  for (const name in entry) {
    if (name === 'fn' || name === 'kind' || name === 'events') continue;
    const value = (entry as unknown as Record<string, unknown>)[name];
    if (value !== null && typeof value === 'object') return null;
    if (typeof value === 'function' || typeof value === 'symbol') return null;
    key += `\u0000${name}\u0000${typeof value}\u0000${Object.is(value, -0) ? '-0' : String(value)}`;
  }
  return key;
}

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
