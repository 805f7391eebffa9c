import type { TraceRecorder } from '../../trace/recorder';
import type { TracedEvent } from '../../trace/types';
import type { ActionError } from '../../types';
import { stripStack } from '../action-errors';

/**
 * 0.50's events plugin (`plugins/events/events.ts`) queues every event game code calls in
 * `Events.dispatch`, then walks that queue after the move: each entry is either handed to
 * `flow.processEvent` (applied), skipped (`continue`/`break`: the turn or phase it was called
 * in is over, or the game is), or refused, which rolls the whole action back. The probe sees
 * which queue entries the walk reached and which reached `processEvent`, so each traced event
 * gets boardgame.io's real verdict without re-implementing its rules.
 */

interface Queued {
  traced: TracedEvent;
  /** The `args` array boardgame.io stored; `processEvent` receives this very array. */
  argsRef: unknown;
  index: number;
  queue: QueueState;
  applied: boolean;
}

interface QueueState {
  reached: Set<number>;
}

type EventsApi = Record<string, any> & { _private?: { dispatch: unknown[] } };

export class EventsProbe {
  private queued: Queued[] = [];
  private queues = new WeakMap<object, QueueState>();
  private proxies = new WeakMap<object, EventsApi>();

  constructor(private readonly recorder: TraceRecorder) {}

  begin(): void {
    this.queued = [];
  }

  /** The `events` object handed to game code: the real one, with every call reported. */
  wrap(api: EventsApi): EventsApi {
    if (!this.recorder.recording) return api;
    const cached = this.proxies.get(api);
    if (cached) return cached;
    const instance = api._private;
    const queue = instance ? this.watchQueue(instance) : undefined;
    const proxy: EventsApi = { _private: instance };
    for (const name of Object.keys(api)) {
      if (name === '_private' || typeof api[name] !== 'function') continue;
      proxy[name] = (...args: unknown[]) => {
        const traced = this.recorder.eventCalled(name, args);
        const result = api[name](...args);
        if (traced && instance && queue) {
          const raw = (instance as any).__flowscopeQueue as unknown[];
          const index = raw.length - 1;
          this.queued.push({ traced, argsRef: (raw[index] as { args: unknown }).args, index, queue, applied: false });
        }
        return result;
      };
    }
    this.proxies.set(api, proxy);
    return proxy;
  }

  private watchQueue(instance: { dispatch: unknown[] }): QueueState {
    const known = this.queues.get(instance);
    if (known) return known;
    const state: QueueState = { reached: new Set() };
    const raw = instance.dispatch;
    (instance as any).__flowscopeQueue = raw;
    instance.dispatch = new Proxy(raw, {
      get(target, key, receiver) {
        if (typeof key === 'string' && key.length < 10 && key >= '0' && key <= '9') state.reached.add(Number(key));
        return Reflect.get(target, key, receiver);
      },
    });
    this.queues.set(instance, state);
    return state;
  }

  /** `flow.processEvent` is about to apply an event game code called; returns its trace record. */
  applying(args: unknown): TracedEvent | undefined {
    const q = this.queued.find((c) => !c.applied && c.argsRef === args);
    if (!q) return undefined;
    q.applied = true;
    if (q.traced.outcome !== 'rejected') q.traced.outcome = 'applied';
    return q.traced;
  }

  /**
   * Gives every event called during the action its final outcome.
   * `pluginRefusal` is the events plugin's message when it refused the action;
   * `actionError` is set when boardgame.io refused the action for another reason.
   */
  settle(gameover: boolean, pluginRefusal: string | null, actionError: ActionError | null): void {
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
        t.reason = droppedReason(t.name, gameover);
      }
    }
  }
}

function droppedReason(name: string, gameover: boolean): string {
  if (gameover) return 'the game was already over when boardgame.io reached it';
  if (name === 'endTurn' || name === 'setStage' || name === 'endStage' || name === 'setActivePlayers' || name === 'pass') {
    return 'the turn it was called in had already ended when boardgame.io reached it';
  }
  if (name === 'endPhase' || name === 'setPhase') return 'the phase it was called in had already ended when boardgame.io reached it';
  return 'boardgame.io skipped it';
}

