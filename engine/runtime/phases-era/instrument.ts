/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { LifecycleInfo, TraceRecorder } from '../../trace/recorder';
import type { FnKind } from '../../trace/types';
import type { GameConfig } from '../../types';
import type { EventsProbe } from './events-probe';
import type { ReleaseTraits } from './release';
import { CALLING_CONVENTIONS } from './calls';

type AnyFn = (...args: any[]) => any;

const isFn = (v: unknown): v is AnyFn => typeof v === 'function';

export interface InstrumentOptions {
  traits: ReleaseTraits;
  /** The player whose move is being processed (for `turn.onMove` where `ctx.playerID` is missing). */
  actor(): string | undefined;
}

/** A copy of plain data (arrays and plain objects), so that the release may mutate it freely. */
function plainCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(plainCopy) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = plainCopy(v);
    return out as T;
  }
  return value;
}

/**
 * Returns a copy of a config whose every move, hook, trigger and turn-order function reports to
 * the recorder, under paths such as `moves.X` and `phases.draw.turn.onMove`. Missing lifecycle
 * hooks are filled with the release's own default (one returning G) so every phase and turn
 * boundary is observed. Game code receives the release's own arguments (its `ctx` or context
 * object, with `random`, `playerID`, `log`…); only `events` is replaced by one that reports each
 * call (see `calls.ts`). The user's objects are never mutated (`ProcessGameConfig` mutates what
 * it is given).
 */
export function instrumentConfig(config: GameConfig, recorder: TraceRecorder, probe: EventsProbe, options: InstrumentOptions): GameConfig {
  const { traits } = options;
  const calls = CALLING_CONVENTIONS[traits.calls];

  const traced = (path: string, kind: FnKind, fn: AnyFn): AnyFn => {
    const setup = kind === 'setup';
    const onMove = path.endsWith('.onMove');
    return function tracedFn(...args: unknown[]) {
      let playerID: string | undefined;
      if (kind === 'move') playerID = calls.playerID(args, setup);
      else if (onMove) playerID = calls.playerID(args, setup) ?? options.actor();
      const entry = recorder.enter(path, kind, playerID);
      // Read before the call: the context copy `invoke` makes replaces args[0].
      const G = calls.G(args, setup);
      try {
        const result = calls.invoke(fn, args, setup, probe);
        recorder.exit(entry, result, G);
        return result;
      } catch (error) {
        recorder.fail(entry, error);
        throw error;
      }
    };
  };

  const lifecycle = (
    path: string,
    type: 'phase-begin' | 'phase-end' | 'turn-begin' | 'turn-end' | 'game-end',
    user: unknown,
    info: () => LifecycleInfo,
  ): AnyFn => {
    const inner = isFn(user) ? traced(path, 'hook', user) : calls.identity;
    return (...args: unknown[]) => {
      // Re-deriving a traced step (a seek) records nothing: build no info for it.
      if (recorder.recording) recorder.lifecycle(type, calls.ctx(args, false) as any, info());
      return inner(...args);
    };
  };

  const trigger = (path: string, level: 'turn' | 'phase' | 'game', fn: unknown): AnyFn | undefined => {
    if (!isFn(fn)) return undefined;
    const inner = traced(path, 'trigger', fn);
    return (...args: unknown[]) => {
      const result = inner(...args);
      recorder.trigger(level, path, result, 'endIf');
      return result;
    };
  };

  const moves = (path: string, table: unknown): Record<string, unknown> | undefined => {
    if (!table || typeof table !== 'object') return table as undefined;
    const out: Record<string, unknown> = {};
    for (const [name, move] of Object.entries(table as Record<string, unknown>)) {
      const movePath = `${path}.${name}`;
      if (isFn(move)) out[name] = traced(movePath, 'move', move);
      else if (move && typeof move === 'object' && isFn((move as { move?: unknown }).move)) {
        const long = { ...(move as Record<string, unknown>) };
        long.move = traced(movePath, 'move', long.move as AnyFn);
        if (isFn(long.undoable)) long.undoable = traced(`${movePath}.undoable`, 'trigger', long.undoable);
        if (isFn(long.redact)) long.redact = traced(`${movePath}.redact`, 'trigger', long.redact);
        out[name] = long;
      } else out[name] = move;
    }
    return out;
  };

  const order = (path: string, value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const src = value as Record<string, unknown>;
    const out: Record<string, unknown> = { ...src };
    if (isFn(src.first)) out.first = traced(`${path}.first`, 'order', src.first);
    if (isFn(src.playOrder)) out.playOrder = traced(`${path}.playOrder`, 'order', src.playOrder);
    if (isFn(src.next)) {
      const inner = traced(`${path}.next`, 'order', src.next);
      out.next = (...args: unknown[]) => {
        const result = inner(...args);
        recorder.trigger('phase', `${path}.next`, result, 'order-next');
        return result;
      };
    }
    return out;
  };

  const turn = (path: string, value: unknown): Record<string, unknown> => {
    const src = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const out: Record<string, unknown> = { ...src };
    // 0.48+ rewrites a deprecated `moveLimit` into `minMoves`/`maxMoves` on this very object.
    const maxMovesName = traits.moveLimits === 'moveLimit' ? 'moveLimit' : 'maxMoves';
    const info = (): LifecycleInfo => ({
      maxMoves: out[maxMovesName] as number | undefined,
      maxMovesName,
      turnActivePlayers: !!out.activePlayers,
    });
    out.onBegin = lifecycle(`${path}.onBegin`, 'turn-begin', src.onBegin, info);
    out.onEnd = lifecycle(`${path}.onEnd`, 'turn-end', src.onEnd, info);
    if (isFn(src.onMove)) out.onMove = traced(`${path}.onMove`, 'hook', src.onMove);
    if (isFn(src.endIf)) out.endIf = trigger(`${path}.endIf`, 'turn', src.endIf);
    if (src.order !== undefined) out.order = order(`${path}.order`, src.order);
    // The release rewrites `moveLimit` inside activePlayers arguments in place (0.48+).
    if (src.activePlayers !== undefined) out.activePlayers = plainCopy(src.activePlayers);
    if (src.stages && typeof src.stages === 'object') {
      const stages: Record<string, unknown> = {};
      for (const [name, stage] of Object.entries(src.stages as Record<string, unknown>)) {
        if (stage && typeof stage === 'object') {
          const s = { ...(stage as Record<string, unknown>) };
          if (s.moves !== undefined) s.moves = moves(`${path}.stages.${name}.moves`, s.moves);
          stages[name] = s;
        } else stages[name] = stage;
      }
      out.stages = stages;
    }
    return out;
  };

  const out: GameConfig = { ...config };
  if (isFn(config.setup)) out.setup = traced('setup', 'setup', config.setup);
  out.moves = moves('moves', config.moves);
  if (isFn(config.endIf)) out.endIf = trigger('endIf', 'game', config.endIf);
  out.onEnd = lifecycle('onEnd', 'game-end', config.onEnd, () => ({}));
  const topTurn = turn('turn', config.turn);
  out.turn = topTurn;
  if (config.phases && typeof config.phases === 'object') {
    const phases: Record<string, unknown> = {};
    for (const [name, phase] of Object.entries(config.phases as Record<string, Record<string, unknown>>)) {
      if (!phase || typeof phase !== 'object') {
        phases[name] = phase;
        continue;
      }
      const path = `phases.${name}`;
      const p: Record<string, unknown> = { ...phase };
      const next = phase.next;
      // Before 0.46.2 a function `next` is not called: the release uses the value itself.
      const nextIsCalled = isFn(next) && traits.phaseNextFunction;
      const info = (): LifecycleInfo => ({
        next: nextIsCalled
          ? { kind: 'function', fn: `${path}.next` }
          : typeof next === 'string'
            ? { kind: 'static', phase: next }
            : undefined,
      });
      p.onBegin = lifecycle(`${path}.onBegin`, 'phase-begin', phase.onBegin, info);
      p.onEnd = lifecycle(`${path}.onEnd`, 'phase-end', phase.onEnd, info);
      if (isFn(phase.endIf)) p.endIf = trigger(`${path}.endIf`, 'phase', phase.endIf);
      if (nextIsCalled) p.next = traced(`${path}.next`, 'trigger', next as AnyFn);
      if (phase.moves !== undefined) p.moves = moves(`${path}.moves`, phase.moves);
      // A phase without its own `turn` shares the top-level one, as boardgame.io does.
      p.turn = phase.turn !== undefined ? turn(`${path}.turn`, phase.turn) : topTurn;
      phases[name] = p;
    }
    out.phases = phases;
  }
  return out;
}
