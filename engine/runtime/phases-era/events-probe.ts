/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { TraceRecorder } from '../../trace/recorder';
import type { TracedEvent } from '../../trace/types';
import type { ActionError } from '../../types';
import type { ReleaseTraits } from './release';
import { stripStack } from '../action-errors';

/**
 * In every release of the phases API (0.39 to 0.50) the events plugin (`plugins/events/events.ts`) queues the events
 * game code calls (`Events.dispatch`) and walks the queue once the move or event is over, in
 * `Events.update`: each entry is handed to `flow.processEvent` (applied), skipped (its turn or
 * phase is over, or, from 0.46.0, the game is), or, from 0.46.0, refused, which rolls the whole
 * action back. The probe watches which queue entries the walk read and which reached
 * `processEvent`, so every traced event gets the release's real verdict; the rules below only
 * put that verdict into words.
 */

interface Where {
  turn: number;
  phase: string | null;
}

interface Reach extends Where {
  gameover: boolean;
}

interface Queued {
  traced: TracedEvent;
  /** The `args` array the release stored; `processEvent` receives this very array. */
  argsRef: unknown;
  index: number;
  queue: QueueState;
  applied: boolean;
  /** The turn and phase of the function that called it. */
  calledIn: Where;
}

interface QueueState {
  raw: Array<Record<string, unknown>>;
  /** Each queue index the walk read, with the state it was at then. */
  reached: Map<number, Reach>;
}

type EventsApi = Record<string, any>;
/** The release's `Events` object behind an events API: its queue, and the walk over it. */
type EventsInstance = { dispatch: unknown[]; update?: (...args: unknown[]) => unknown };
const WATCHED_QUEUE = Symbol('watched queue');
type WatchedUpdate = ((...args: unknown[]) => unknown) & { [WATCHED_QUEUE]?: QueueState };

const STAGE_EVENTS = new Set(['setStage', 'endStage', 'setActivePlayers', 'pass']);
const PHASE_EVENTS = new Set(['endPhase', 'setPhase']);

const where = (ctx: any): Where => ({ turn: ctx?.turn, phase: ctx?.phase ?? null });
/** Stands for a missing ctx, which reads as no turn and no phase. */
const NO_CTX = Object.freeze({});
const reachOf = (ctx: any): Reach => ({ turn: ctx.turn, phase: ctx.phase ?? null, gameover: ctx.gameover !== undefined });

/** `key` names an array index (the queue's walk reads `dispatch[i]`; `length` and methods are not entries). */
function isIndex(key: string): boolean {
  if (key.length === 0 || key.length > 9) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
const showPhase = (phase: string | null | undefined) => (phase === null || phase === undefined ? 'no phase' : `phase ${phase}`);

export class EventsProbe {
  private queued: Queued[] = [];
  /** Where the queue was found for an `Events` object without an `update` to carry it (see watchQueue). */
  private queues = new WeakMap<object, QueueState>();
  // A release makes one events API per action and hands that same object to every function the
  // action runs: remembering the last one builds its reporting proxy once per action.
  private lastApi: EventsApi | null = null;
  private lastProxy: EventsApi | null = null;
  /**
   * The ctx of the state the events walk works on now: the flow's latest result. Kept as is and
   * read only when the walk reaches a queue entry (states are not changed after the flow returns them).
   */
  private current: any = null;
  /** The ctx each running game function was called with, read only when it queues an event. */
  private callers: any[] = [];
  /** The queue whose walk (`Events.update`) is running. */
  private walking: QueueState | null = null;

  constructor(
    private readonly recorder: TraceRecorder,
    private readonly traits: ReleaseTraits,
    private readonly version: string,
  ) {}

  begin(): void {
    this.queued = [];
    this.current = null;
    this.callers = [];
  }

  /** The flow returned a new state (`init`, `processMove`, `processEvent`): the walk continues from it. */
  observe(ctx: any): void {
    this.current = ctx ?? NO_CTX;
  }

  /**
   * Calls `fn(...args)`, a game function, with the `events` of `holder` (the release's `ctx` up to
   * 0.49, the context object from 0.50, always `args[0]` or `args[1]`) reporting each call; `ctx`
   * says which turn and phase it runs in. `in-place` swaps `holder.events` for the duration of the
   * call, so game code still gets the release's own object; `copy` passes a copy of `holder` with
   * the reporting events as the first argument (`args` is the caller's own array and is changed).
   */
  run(holder: any, ctx: any, how: 'in-place' | 'copy', fn: (...args: any[]) => unknown, args: unknown[]): unknown {
    const api = holder && typeof holder === 'object' ? holder.events : undefined;
    const watching = this.recorder.recording || this.recorder.watchSignals;
    if (!api || typeof api !== 'object' || !watching || (how === 'in-place' && Object.isFrozen(holder))) {
      return fn(...args);
    }
    const proxy = api === this.lastApi ? (this.lastProxy as EventsApi) : this.wrap(api);
    this.callers.push(ctx ?? NO_CTX);
    try {
      if (how === 'copy') {
        args[0] = { ...holder, events: proxy };
        return fn(...args);
      }
      holder.events = proxy;
      try {
        return fn(...args);
      } finally {
        if (holder.events === proxy) holder.events = api;
      }
    } finally {
      this.callers.pop();
    }
  }

  private wrap(api: EventsApi): EventsApi {
    const key = this.traits.eventsInstanceKey;
    const instance = api[key] as EventsInstance | undefined;
    const queue = instance && Array.isArray(instance.dispatch) ? this.watchQueue(instance) : undefined;
    const proxy: EventsApi = { [key]: instance };
    for (const name of Object.keys(api)) {
      if (name === key || typeof api[name] !== 'function') continue;
      proxy[name] = (...args: unknown[]) => {
        const traced = this.recorder.eventCalled(name, args);
        const length = queue?.raw.length ?? 0;
        const result = api[name](...args);
        if (traced && queue && queue.raw.length > length) {
          const index = queue.raw.length - 1;
          const caller = this.callers[this.callers.length - 1];
          const calledIn = caller === undefined ? { turn: NaN, phase: null } : where(caller);
          this.queued.push({ traced, argsRef: queue.raw[index].args, index, queue, applied: false, calledIn });
        }
        return result;
      };
    }
    this.lastApi = api;
    this.lastProxy = proxy;
    return proxy;
  }

  private watchQueue(instance: EventsInstance): QueueState {
    // A release makes a new `Events` object per action: the queue state rides on the `update` this
    // puts in place (a WeakMap entry per action made garbage collection measurably slower).
    const watched = (instance.update as WatchedUpdate | undefined)?.[WATCHED_QUEUE];
    if (watched) return watched;
    const known = this.queues.get(instance);
    if (known) return known;
    const queue: QueueState = { raw: instance.dispatch as Array<Record<string, unknown>>, reached: new Map() };
    const update = instance.update;
    if (typeof update === 'function') {
      const watched = this.watchedUpdate(instance, queue, update);
      watched[WATCHED_QUEUE] = queue;
      instance.update = watched;
    } else {
      // No `update` to hook (no release so far lacks one): every read of this queue is watched.
      instance.dispatch = new Proxy(queue.raw, {
        get: (target, key, receiver) => {
          this.noteRead(queue, key);
          return Reflect.get(target, key, receiver);
        },
      });
      this.queues.set(instance, queue);
    }
    return queue;
  }

  /**
   * `update`, watching the queue while it walks it, and only when it holds events (the walk reads
   * the queue only there). Made here, not as a named local: tsx and esbuild's keepNames name a
   * local function with a property definition, and this runs for every action.
   */
  private watchedUpdate(instance: EventsInstance, queue: QueueState, update: (...args: unknown[]) => unknown): WatchedUpdate {
    return (...args: unknown[]) => {
      if (!queue.raw.length) return update.apply(instance, args);
      const outer = this.walking;
      this.walking = queue;
      instance.dispatch = new Proxy(queue.raw, this.walkWatcher);
      try {
        return update.apply(instance, args);
      } finally {
        instance.dispatch = queue.raw;
        this.walking = outer;
      }
    };
  }

  /** A queue entry the walk reads, noted with the state the walk is at. */
  private noteRead(queue: QueueState, key: string | symbol): void {
    if (this.current !== null && typeof key === 'string' && isIndex(key)) {
      const i = Number(key);
      if (!queue.reached.has(i)) queue.reached.set(i, reachOf(this.current));
    }
  }

  /** Watches the queue `Events.update` is walking. */
  private readonly walkWatcher: ProxyHandler<unknown[]> = {
    get: (target, key, receiver) => {
      if (this.walking !== null) this.noteRead(this.walking, key);
      return Reflect.get(target, key, receiver);
    },
  };

  /** `flow.processEvent` is about to apply an event game code called; returns its trace record. */
  applying(args: unknown): TracedEvent | undefined {
    const q = this.queued.find((c) => !c.applied && c.argsRef === args);
    if (!q) return undefined;
    q.applied = true;
    if (q.traced.outcome !== 'rejected') q.traced.outcome = 'applied';
    if (q.traced.name === 'endPhase' && q.traced.args.some((a) => a !== undefined)) {
      // Since 0.33 the event passes nothing on: `{ next }` (0.27–0.32) is silently dropped.
      q.traced.reason = `boardgame.io ${this.version} ignores endPhase's argument: the phase ends and its own next is taken (setPhase chooses the phase)`;
    }
    return q.traced;
  }

  /**
   * Gives every event called during the action its final outcome.
   * `pluginRefusal` is the events plugin's message when it refused the action (0.46.0 on);
   * `actionError` is set when the release refused the action for another reason.
   */
  settle(pluginRefusal: string | null, actionError: ActionError | null): void {
    let rejected: Queued | undefined;
    if (pluginRefusal !== null) {
      for (const q of this.queued) {
        if (q.queue.reached.has(q.index) && !q.applied && (!rejected || q.index >= rejected.index)) rejected = q;
      }
      if (rejected) {
        rejected.traced.outcome = 'rejected';
        rejected.traced.reason = stripStack(pluginRefusal);
      }
    }
    for (const q of this.queued) {
      if (q === rejected || q.traced.outcome === 'rejected') continue;
      const t = q.traced;
      if (pluginRefusal !== null) {
        t.outcome = 'dropped';
        t.reason = q.applied
          ? `applied, then rolled back: boardgame.io refused the action (${rejected ? rejected.traced.name : 'an event'} was rejected)`
          : `never processed: boardgame.io refused the action (${rejected ? rejected.traced.name : 'an event'} was rejected)`;
      } else if (actionError) {
        t.outcome = 'dropped';
        t.reason = `never processed: boardgame.io refused the action (${actionError.type})`;
      } else if (!q.applied) {
        t.outcome = 'dropped';
        const reach = q.queue.reached.get(q.index);
        t.reason = reach ? this.skipReason(q, reach) : this.unreachedReason(q);
      }
    }
  }

  /** The action threw (`culprit` names the function, or boardgame.io): the release discarded it with every event it called. */
  settleThrown(culprit: string): void {
    for (const q of this.queued) {
      if (q.traced.outcome === 'rejected') continue;
      q.traced.outcome = 'dropped';
      q.traced.reason = `${q.applied ? 'applied, then rolled back' : 'never processed'}: ${culprit} threw, so boardgame.io discarded the whole action`;
    }
  }

  /** Why the walk read an event and went on without processing it, in the release's terms. */
  private skipReason(q: Queued, reach: Reach): string {
    const name = q.traced.name;
    const entry = q.queue.raw[q.index] as { turn?: number; phase?: string | null };
    if (this.traits.eventContext === 'call') {
      if (reach.gameover) return 'the game was already over when boardgame.io reached it';
      if (PHASE_EVENTS.has(name)) {
        return `the phase it was called in had already ended when boardgame.io reached it (called in ${showPhase(entry.phase)}, reached in ${showPhase(reach.phase)})`;
      }
      if (STAGE_EVENTS.has(name) || name === 'endTurn') {
        return `the turn it was called in had already ended when boardgame.io reached it (called in turn ${entry.turn}, reached in turn ${reach.turn})`;
      }
      return 'boardgame.io skipped it';
    }
    // Up to 0.45 the queue only records the turn and phase the whole action began in.
    const v = this.version;
    if (name === 'endTurn') {
      if (q.calledIn.turn === entry.turn) {
        return `the turn it was called in had already ended when boardgame.io reached it (called in turn ${entry.turn}, reached in turn ${reach.turn})`;
      }
      return `boardgame.io ${v} only processes endTurn while it is still the turn the action began in (turn ${entry.turn}); it was called in turn ${q.calledIn.turn} and reached in turn ${reach.turn}`;
    }
    if (PHASE_EVENTS.has(name)) {
      if (q.calledIn.phase === (entry.phase ?? null)) {
        return `the phase it was called in had already ended when boardgame.io reached it (called in ${showPhase(entry.phase)}, reached in ${showPhase(reach.phase)})`;
      }
      return `boardgame.io ${v} only processes ${name} while it is still the phase the action began in (${showPhase(entry.phase)}); it was called in ${showPhase(q.calledIn.phase)} and reached in ${showPhase(reach.phase)}`;
    }
    return 'boardgame.io skipped it';
  }

  private unreachedReason(q: Queued): string {
    const earlier = [...q.queue.reached.values()];
    if (this.traits.eventContext === 'call' && earlier.some((r) => r.gameover)) {
      return 'the game was already over, so boardgame.io stopped processing events before reaching it';
    }
    return 'boardgame.io never processed it';
  }
}
