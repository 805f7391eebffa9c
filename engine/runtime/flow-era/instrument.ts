/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { TraceRecorder } from '../../trace/recorder';
import type { FnKind } from '../../trace/types';
import type { GameConfig } from '../../types';
import type { FlowEventsProbe } from './events-probe';
import type { FlowRelease } from './release';
import { isProcessedFlow } from './spec';
import type { FlowTracker } from './tracker';

type AnyFn = (...args: any[]) => any;
type Obj = Record<string, any>;

const isFn = (v: unknown): v is AnyFn => typeof v === 'function';
const isObject = (v: unknown): v is Obj => !!v && typeof v === 'object';

export interface Instrumented {
  /** The copy to hand to the release's `Game()`. */
  spec: GameConfig;
  /**
   * Called with the `Game()` result: wraps what only exists after it (0.27+ adds the implicit
   * `default` phase to the phases map itself, with its own no-op hooks).
   */
  afterGame(game: any): void;
}

/**
 * Returns a copy of a flow-era spec (`Game({ setup, moves, flow: { … } })`) whose every move,
 * hook, trigger, turn-order function and `allowedMoves` function reports to the recorder, each
 * named by where it is written (`moves.drawCard`, `flow.endTurnIf`,
 * `flow.phases.draw.endPhaseIf`, `flow.turnOrder.next`). Missing `onPhaseBegin` / `onPhaseEnd` /
 * `onTurnBegin` / `onTurnEnd` hooks are filled with the release's own default (`G => G`) so that
 * every phase and turn boundary is observed. The user's objects are never mutated.
 */
export function instrumentFlowSpec(
  spec: GameConfig,
  release: FlowRelease,
  recorder: TraceRecorder,
  probe: FlowEventsProbe,
  tracker: FlowTracker,
): Instrumented {
  /** `fn(G, ctx, ...rest)` reporting its call, its result and the events it calls. */
  const traced = (path: string, kind: FnKind, fn: AnyFn, playerOf?: (ctx: any, rest: unknown[]) => unknown): AnyFn =>
    function tracedFn(this: unknown, G: unknown, ctx: any, ...rest: unknown[]) {
      tracker.entered();
      const player = playerOf?.(ctx, rest);
      const entry = recorder.enter(path, kind, typeof player === 'string' ? player : undefined);
      try {
        const result = probe.lend(ctx, (lent) => fn.call(this, G, lent, ...rest));
        recorder.exit(entry, result, G);
        return result;
      } catch (error) {
        recorder.fail(entry, error);
        throw error;
      }
    };

  const lifecycle = (path: string, type: 'phase-begin' | 'phase-end' | 'turn-begin' | 'turn-end', user: unknown): AnyFn => {
    const inner = isFn(user) ? traced(path, 'hook', user) : null;
    return function lifecycleHook(this: unknown, G: unknown, ctx: any, ...rest: unknown[]) {
      tracker.lifecycle(type, ctx ?? {});
      return inner ? inner.call(this, G, ctx, ...rest) : G;
    };
  };

  const trigger = (path: string, level: 'turn' | 'phase' | 'game', fn: unknown): AnyFn | undefined => {
    if (!isFn(fn)) return undefined;
    const inner = traced(path, 'trigger', fn);
    return function triggerFn(this: unknown, G: unknown, ctx: unknown, ...rest: unknown[]) {
      const result = inner.call(this, G, ctx, ...rest);
      tracker.trigger(level, path, result);
      return result;
    };
  };

  const order = (path: string, value: unknown): unknown => {
    if (!isObject(value)) return value;
    const out: Obj = { ...value };
    if (isFn(value.first)) {
      const inner = traced(`${path}.first`, 'order', value.first);
      out.first = function first(this: unknown, G: unknown, ctx: unknown) {
        const result = inner.call(this, G, ctx);
        tracker.orderFirst(`${path}.first`, result);
        return result;
      };
    }
    if (isFn(value.next)) {
      const inner = traced(`${path}.next`, 'order', value.next);
      out.next = function next(this: unknown, G: unknown, ctx: unknown) {
        const result = inner.call(this, G, ctx);
        // 0.26 ends the phase on `== undefined`, 0.32 on `=== undefined`.
        tracker.orderNext(`${path}.next`, result, result === undefined || (result === null && release.phases === 'array'));
        return result;
      };
    }
    if (isFn(value.playOrder)) out.playOrder = traced(`${path}.playOrder`, 'order', value.playOrder);
    if (isObject(value.actionPlayers) && isFn(value.actionPlayers.value)) {
      out.actionPlayers = { ...value.actionPlayers, value: traced(`${path}.actionPlayers.value`, 'order', value.actionPlayers.value) };
    }
    return out;
  };

  const allowed = (path: string, value: unknown): unknown => (isFn(value) ? traced(path, 'trigger', value) : value);

  /** Settings a phase may override: instrumented only where written. */
  const overridable = (src: Obj, out: Obj, path: string): void => {
    if (isFn(src.endTurnIf)) out.endTurnIf = trigger(`${path}.endTurnIf`, 'turn', src.endTurnIf);
    if (isFn(src.endGameIf)) out.endGameIf = trigger(`${path}.endGameIf`, 'game', src.endGameIf);
    if (isFn(src.onMove)) out.onMove = traced(`${path}.onMove`, 'hook', src.onMove, (_ctx, rest) => (rest[0] as Obj | undefined)?.playerID);
    if (src.turnOrder !== undefined) out.turnOrder = order(`${path}.turnOrder`, src.turnOrder);
    if (src.allowedMoves !== undefined) out.allowedMoves = allowed(`${path}.allowedMoves`, src.allowedMoves);
  };

  const phase = (name: string, src: Obj): Obj => {
    const path = `flow.phases.${name}`;
    const out: Obj = { ...src };
    out.onPhaseBegin = lifecycle(`${path}.onPhaseBegin`, 'phase-begin', src.onPhaseBegin);
    out.onPhaseEnd = lifecycle(`${path}.onPhaseEnd`, 'phase-end', src.onPhaseEnd);
    if (isFn(src.endPhaseIf)) out.endPhaseIf = trigger(`${path}.endPhaseIf`, 'phase', src.endPhaseIf);
    // A phase without its own turn hooks inherits the flow-level ones (instrumented below).
    if (src.onTurnBegin !== undefined) out.onTurnBegin = lifecycle(`${path}.onTurnBegin`, 'turn-begin', src.onTurnBegin);
    if (src.onTurnEnd !== undefined) out.onTurnEnd = lifecycle(`${path}.onTurnEnd`, 'turn-end', src.onTurnEnd);
    overridable(src, out, path);
    return out;
  };

  const out: GameConfig = { ...spec };
  if (isFn(spec.setup)) {
    const setup = spec.setup as AnyFn;
    out.setup = function tracedSetup(this: unknown, ctx: unknown, ...rest: unknown[]) {
      tracker.entered();
      const entry = recorder.enter('setup', 'setup');
      try {
        const result = probe.lend(ctx, (lent) => setup.call(this, lent, ...rest));
        recorder.exit(entry, result);
        return result;
      } catch (error) {
        recorder.fail(entry, error);
        throw error;
      }
    };
  }
  if (isObject(spec.moves)) {
    const moves: Obj = {};
    for (const [name, move] of Object.entries(spec.moves)) {
      moves[name] = isFn(move) ? traced(`moves.${name}`, 'move', move, (ctx) => ctx?.playerID) : move;
    }
    out.moves = moves;
  }

  let afterGame: (game: any) => void = () => {};
  // A processed flow (`Flow(...)` / `FlowWithPhases(...)`) is closed: only the moves and setup are traced.
  if (spec.flow === undefined || (isObject(spec.flow) && !isProcessedFlow(spec.flow))) {
    const src: Obj = isObject(spec.flow) ? spec.flow : {};
    const flow: Obj = { ...src };
    flow.onTurnBegin = lifecycle('flow.onTurnBegin', 'turn-begin', src.onTurnBegin);
    flow.onTurnEnd = lifecycle('flow.onTurnEnd', 'turn-end', src.onTurnEnd);
    overridable(src, flow, 'flow');

    const rawPhases = src.phases;
    if (release.phases === 'array') {
      if (Array.isArray(rawPhases)) {
        flow.phases = rawPhases.map((p: unknown) => (isObject(p) ? phase(String(p.name), p) : p));
      } else if (!rawPhases) {
        // The release's own stand-in is `[{ name: 'default' }]`; giving it here (with observable
        // hooks) must not enable `endPhase`, which the release enables whenever phases are given.
        flow.phases = [phase('default', { name: 'default' })];
        if (src.endPhase === undefined) flow.endPhase = false;
      }
    } else {
      const phases: Obj = {};
      if (isObject(rawPhases)) {
        for (const [name, p] of Object.entries(rawPhases)) phases[name] = isObject(p) ? phase(name, p) : p;
      } else if (src.endPhase === undefined) {
        // The release enables `endPhase` whenever `flow.phases` is given: keep it as it would be.
        flow.endPhase = false;
      }
      flow.phases = phases;
      // The release adds `phases.default = {}` to this very object and fills it with no-op hooks
      // (wrapped by its plugins): observe them in place once `Game()` has run.
      afterGame = () => {
        const conf = phases.default;
        if (!isObject(conf)) return;
        for (const [key, type] of [
          ['onPhaseBegin', 'phase-begin'],
          ['onPhaseEnd', 'phase-end'],
        ] as const) {
          const inner = conf[key];
          if (!isFn(inner)) continue;
          conf[key] = function observedDefault(this: unknown, G: unknown, ctx: any, ...rest: unknown[]) {
            tracker.lifecycle(type, ctx ?? {});
            return inner.call(this, G, ctx, ...rest);
          };
        }
      };
    }
    out.flow = flow;
  } else if (isProcessedFlow(spec.flow)) {
    // Flowscope wraps the processed flow's entry points: give each game its own copy of the
    // object (its methods are closures and do not use `this`), so the user's stays untouched.
    out.flow = { ...spec.flow };
  }
  return { spec: out, afterGame };
}
