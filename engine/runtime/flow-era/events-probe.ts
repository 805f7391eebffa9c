/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { TraceRecorder } from '../../trace/recorder';
import type { TracedEvent } from '../../trace/types';

/**
 * Events in releases up to 0.32 (`core/events.js`): `ctx.events.endTurn()` only pushes
 * `{ key, args }` onto the queue of the action's `Events` instance. After the move (and after
 * `onMove` and every automatic `endPhaseIf` / `endTurnIf` / `endGameIf` consequence), or after the
 * event or the game's creation, `Events.update` hands every queued entry, in order and without
 * any check, to `flow.processGameEvent`; entries queued while it does so are processed too.
 * The queue is thrown away unprocessed when the move returns `INVALID_MOVE` (0.32) or nothing
 * (0.26), or when the action throws.
 *
 * The probe lends game code an `events` object that reports each call, and matches the queue
 * entries `flow.processGameEvent` receives back to those calls (same name, same arguments, in
 * order), so that each traced event gets what the release really did with it.
 */
export interface QueuedCall {
  traced: TracedEvent | null;
  name: string;
  args: unknown[];
  processed: boolean;
}

type EventsApi = Record<string, unknown>;

export class FlowEventsProbe {
  private calls: QueuedCall[] = [];
  // Every function of one action gets the same events API, so the last one's proxy is kept (no
  // WeakMap: an entry per action grew a table the young-generation collector walks every time).
  private lastApi: EventsApi | null = null;
  private lastProxy: EventsApi | null = null;

  constructor(private readonly recorder: TraceRecorder) {}

  begin(): void {
    this.calls = [];
  }

  /**
   * Runs game code with `ctx.events` replaced by the reporting version. The release's own `ctx`
   * object is kept (a hook may mutate it, and the release would see that), with `events`
   * swapped in place for the call; a frozen `ctx` gets a copy instead.
   */
  lend<T>(ctx: unknown, run: (ctx: any) => T): T {
    if (!this.recorder.recording || !ctx || typeof ctx !== 'object') return run(ctx);
    const holder = ctx as Record<string, unknown>;
    const api = holder.events;
    if (!api || typeof api !== 'object') return run(ctx);
    const wrapped = this.wrap(api as EventsApi);
    const own = Object.getOwnPropertyDescriptor(holder, 'events');
    if (Object.isFrozen(holder) || !own || !own.writable) return run({ ...holder, events: wrapped });
    holder.events = wrapped;
    try {
      return run(holder);
    } finally {
      if (holder.events === wrapped) holder.events = api;
    }
  }

  private wrap(api: EventsApi): EventsApi {
    if (api === this.lastApi) return this.lastProxy as EventsApi;
    const proxy = this.reporting(api);
    this.lastApi = api;
    this.lastProxy = proxy;
    return proxy;
  }

  private reporting(api: EventsApi): EventsApi {
    const proxy: EventsApi = {};
    for (const name of Object.keys(api)) {
      const real = api[name];
      if (typeof real !== 'function') {
        proxy[name] = real;
        continue;
      }
      proxy[name] = (...args: unknown[]) => {
        const traced = this.recorder.eventCalled(name, args);
        this.calls.push({ traced, name, args, processed: false });
        return (real as (...a: unknown[]) => unknown)(...args);
      };
    }
    return proxy;
  }

  /** The call behind a queue entry `flow.processGameEvent` is about to process. */
  match(type: string, args: unknown): QueuedCall | undefined {
    const list = Array.isArray(args) ? args : [];
    const call = this.calls.find(
      (c) => !c.processed && c.name === type && c.args.length === list.length && c.args.every((a, i) => a === list[i]),
    );
    if (call) call.processed = true;
    return call;
  }

  /** Every call the release never processed gets `reason`. */
  settleUnprocessed(reason: string): void {
    for (const call of this.calls) {
      if (call.processed || !call.traced) continue;
      call.traced.outcome = 'dropped';
      call.traced.reason = reason;
    }
  }
}
