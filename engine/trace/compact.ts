import type { ActionError, FlowAction, FlowCtx } from '../types';
import type { StepTrace, TraceEntry, TracedEvent, Transition } from './types';
import { KeyTrie, next, type TrieNode } from '../util/key-trie';

/** A session keeps one of these per step for 100,000s of steps: most steps repeat the same calls. */
const EMPTY: never[] = Object.freeze([]) as unknown as never[];
/** Past this many distinct shapes (game code returning ever-new values), new ones are kept as they are. */
const MAX_SHAPES = 20_000;

/**
 * Shares what repeats between the step records of a session: identical trace entries (same
 * function, kind, player, primitive result, no events), identical entry lists, identical actions
 * (primitive arguments) and errors, the transitions' strings and empty arrays. Entries and actions are looked
 * up field by field and lists entry by entry (no key strings). The shared parts are frozen; a
 * compacted record equals the original value for value.
 */
export class TraceCompactor {
  private readonly actions = new KeyTrie<FlowAction>();
  private readonly entries = new KeyTrie<TraceEntry>();
  private readonly events = new KeyTrie<TracedEvent>();
  private readonly errors = new KeyTrie<ActionError>();
  /** Traces with no transitions and no logs, by their shared entry list (at most one per list, so bounded by MAX_SHAPES). */
  private readonly quietTraces = new Map<TraceEntry[], StepTrace>();
  /** Lists of shared entries, keyed by the entries themselves. */
  private readonly lists = new KeyTrie<TraceEntry[]>();
  private readonly strings = new Map<string, string>();

  trace(trace: StepTrace): StepTrace {
    const entries = this.entryList(trace.entries);
    const transitions = this.transitions(trace.transitions);
    const logs = trace.logs.length ? trace.logs : EMPTY;
    if (transitions !== EMPTY || logs !== EMPTY || !Object.isFrozen(entries)) return { entries, transitions, logs };
    // A step that only ran shared entries (no transition, nothing printed) shares its whole trace.
    let shared = this.quietTraces.get(entries);
    if (!shared) {
      shared = Object.freeze({ entries, transitions, logs });
      this.quietTraces.set(entries, shared);
    }
    return shared;
  }

  /** `ctx` with its arrays and maps shared with `previous` where they are equal. */
  ctx(ctx: FlowCtx, previous: FlowCtx | null): FlowCtx {
    if (!previous) return ctx;
    if (sameList(ctx.playOrder, previous.playOrder)) ctx.playOrder = previous.playOrder;
    if (ctx.activePlayers && previous.activePlayers && sameMap(ctx.activePlayers, previous.activePlayers))
      ctx.activePlayers = previous.activePlayers;
    return ctx;
  }

  /** The shared copy of `action` (most actions repeat: the same move by the same player), or `action` when an argument is not a primitive. */
  action(action: FlowAction): FlowAction {
    const keys = primitiveKeys(action);
    if (!keys) return action;
    const known = this.lookUp(this.actions, keys);
    if (known) return known;
    if (this.actions.size >= MAX_SHAPES) return action;
    const shared = { ...action };
    if ('args' in shared && Array.isArray(shared.args)) shared.args = Object.freeze([...shared.args]) as unknown[];
    Object.freeze(shared);
    this.actions.set(keys, shared);
    return shared;
  }

  /** The shared copy of a step's error (a refused action's message repeats from step to step). */
  error(error: ActionError): ActionError {
    const keys = primitiveKeys(error);
    if (!keys) return error;
    const known = this.lookUp(this.errors, keys);
    if (known) return known;
    if (this.errors.size >= MAX_SHAPES) return error;
    const shared = Object.freeze({ ...error });
    this.errors.set(keys, shared);
    return shared;
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
    let events: TracedEvent[] = EMPTY;
    if (entry.events.length) {
      events = [];
      for (const event of entry.events) {
        const shared = this.event(event);
        if (shared === event) return entry;
        events.push(shared);
      }
    }
    const keys: unknown[] = [entry.fn, entry.kind];
    for (const name in entry) {
      if (name === 'fn' || name === 'kind' || name === 'events') continue;
      const value = (entry as unknown as Record<string, unknown>)[name];
      if (!isPrimitive(value)) return entry;
      keys.push(name, value);
    }
    // The shared events are keys by identity.
    keys.push(events.length, ...events);
    const known = this.lookUp(this.entries, keys);
    if (known) return known;
    if (this.entries.size >= MAX_SHAPES) return entry;
    const shared: TraceEntry = Object.freeze({ ...entry, events: events.length ? (Object.freeze(events) as TracedEvent[]) : EMPTY });
    this.entries.set(keys, shared);
    return shared;
  }

  /** The shared copy of a settled event whose arguments, outcome and reasons are primitives, or `event` itself. */
  private event(event: TracedEvent): TracedEvent {
    const keys = primitiveKeys(event);
    if (!keys) return event;
    const known = this.lookUp(this.events, keys);
    if (known) return known;
    if (this.events.size >= MAX_SHAPES) return event;
    const shared: TracedEvent = Object.freeze({ ...event, args: Object.freeze([...event.args]) as unknown[] });
    this.events.set(keys, shared);
    return shared;
  }

  private lookUp<V>(trie: KeyTrie<V>, keys: readonly unknown[]): V | undefined {
    let node = trie.first(keys[0]);
    for (let i = 1; i < keys.length && node; i++) node = next(node, keys[i]);
    return node?.value;
  }

  private transitions(list: Transition[]): Transition[] {
    if (!list.length) return EMPTY;
    for (const t of list) {
      t.cause = this.string(t.cause);
      if (typeof t.phase === 'string') t.phase = this.string(t.phase);
    }
    // A list that grew by push has room for 17: a step keeps an exact copy (about 120 bytes less).
    return list.slice();
  }

  private string(s: string): string {
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    if (this.strings.size < MAX_SHAPES) this.strings.set(s, s);
    return s;
  }
}

/**
 * The fields of `value` in order as trie keys (name, value; an `args` array as its length and
 * elements), or null when one is not a primitive.
 */
function primitiveKeys(value: object): unknown[] | null {
  const keys: unknown[] = [];
  for (const name in value) {
    const field = (value as Record<string, unknown>)[name];
    if (name === 'args' && Array.isArray(field)) {
      keys.push(name, field.length);
      for (const arg of field) {
        if (!isPrimitive(arg)) return null;
        keys.push(arg);
      }
    } else if (isPrimitive(field)) keys.push(name, field);
    else return null;
  }
  return keys;
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
