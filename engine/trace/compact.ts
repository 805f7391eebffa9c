import type { ActionError, FlowAction, FlowCtx } from '../types';
import type { StepTrace, TraceEntry, TracedEvent, Transition } from './types';
import { EMPTY_LIST } from '../util/empty-list';
import { KeyTrie, next, type TrieNode } from '../util/key-trie';

/** A session keeps one of these per step for 100,000s of steps: most steps repeat the same calls. */
const EMPTY = EMPTY_LIST;
/** Past this many distinct shapes (game code returning ever-new values), new ones are kept as they are. */
const MAX_SHAPES = 20_000;

/**
 * Shares what repeats between the step records of a session: identical trace entries (same
 * function, kind, player, primitive result, and the same shared events), identical entry lists,
 * identical actions, errors and settled events (primitive fields and arguments), the trace of a
 * step that ran only shared entries, the transitions' strings and empty arrays. Values are looked
 * up field by field in key tries (no key strings, nothing allocated on a hit). The shared parts are
 * frozen; a compacted record equals the original value for value.
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
    return this.shared(this.actions, action, frozenCopy);
  }

  /** The shared copy of a step's error (a refused action's message repeats from step to step). */
  error(error: ActionError): ActionError {
    return this.shared(this.errors, error, frozenCopy);
  }

  empty<T>(list: T[]): T[] {
    return list.length ? list : EMPTY;
  }

  private entryList(list: TraceEntry[]): TraceEntry[] {
    if (!list.length) return EMPTY;
    let node: TrieNode<TraceEntry[]> | undefined = this.lists.root;
    for (let i = 0; i < list.length; i++) {
      const shared = this.entry(list[i]);
      if (shared === list[i]) return list.map((e) => this.entry(e));
      node = next(node, shared);
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
    const walked = walkFields(next(next(this.entries.root, entry.fn), entry.kind), entry, ENTRY_KEYS);
    if (walked === UNSHARABLE) return entry;
    const count = entry.events.length;
    // Events (shared ones, by identity) end the path.
    let node = next(walked, count);
    for (let i = 0; i < count; i++) {
      const shared = this.event(entry.events[i]);
      if (shared === entry.events[i]) return entry;
      node = next(node, shared);
    }
    if (node?.value) return node.value;
    if (this.entries.size >= MAX_SHAPES) return entry;
    const events = entry.events.map((e) => this.event(e));
    const shared: TraceEntry = Object.freeze({ ...entry, events: count ? (Object.freeze(events) as TracedEvent[]) : EMPTY });
    this.entries.set([entry.fn, entry.kind, ...fieldKeys(entry, ENTRY_KEYS), count, ...events], shared);
    return shared;
  }

  /** The shared copy of a settled event whose arguments, outcome and reasons are primitives, or `event` itself. */
  private event(event: TracedEvent): TracedEvent {
    return this.shared(this.events, event, frozenCopy);
  }

  /** The value `trie` holds for `value`'s fields, made by `copy` the first time; `value` itself when a field is not a primitive. */
  private shared<V extends object>(trie: KeyTrie<V>, value: V, copy: (value: V) => V): V {
    const node = walkFields(trie.root, value, NO_KEYS);
    if (node === UNSHARABLE) return value;
    if (node?.value) return node.value;
    if (trie.size >= MAX_SHAPES) return value;
    const shared = copy(value);
    trie.set(fieldKeys(value, NO_KEYS), shared);
    return shared;
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

/** Stands for "a field is not a primitive": the value cannot be shared. */
const UNSHARABLE = Symbol('unsharable');
/** Fields an entry's path covers otherwise (its first two keys, and its events at the end). */
const ENTRY_KEYS: ReadonlySet<string> = new Set(['fn', 'kind', 'events']);
const NO_KEYS: ReadonlySet<string> = new Set();

/**
 * Follows `value`'s fields in order down from `node` (each field's name, then its value; an `args`
 * array as its length and elements), without allocating: undefined when the path is not in the
 * trie yet, UNSHARABLE when a field is not a primitive. `skip` names fields left out.
 */
function walkFields<V>(
  node: TrieNode<V> | undefined,
  value: object,
  skip: ReadonlySet<string>,
): TrieNode<V> | undefined | typeof UNSHARABLE {
  for (const name in value) {
    if (skip.has(name)) continue;
    const field = (value as Record<string, unknown>)[name];
    if (name === 'args' && Array.isArray(field)) {
      node = next(next(node, name), field.length);
      for (let i = 0; i < field.length; i++) {
        if (!isPrimitive(field[i])) return UNSHARABLE;
        node = next(node, field[i]);
      }
    } else if (isPrimitive(field)) node = next(next(node, name), field);
    else return UNSHARABLE;
  }
  return node;
}

/** A frozen copy of a walked value (its fields are primitives, and an `args` array of primitives). */
function frozenCopy<V extends object>(value: V): V {
  const copy = { ...value } as Record<string, unknown>;
  if (Array.isArray(copy.args)) copy.args = Object.freeze([...copy.args]);
  return Object.freeze(copy) as V;
}

/** The keys `walkFields` follows for `value` (all primitives: it was walked first). */
function fieldKeys(value: object, skip: ReadonlySet<string>): unknown[] {
  const keys: unknown[] = [];
  for (const name in value) {
    if (skip.has(name)) continue;
    const field = (value as Record<string, unknown>)[name];
    if (name === 'args' && Array.isArray(field)) keys.push(name, field.length, ...field);
    else keys.push(name, field);
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
