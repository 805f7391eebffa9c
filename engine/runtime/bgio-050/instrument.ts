import type { LifecycleInfo, TraceRecorder } from '../../trace/recorder';
import type { FnKind } from '../../trace/types';
import type { FlowCtx, GameConfig } from '../../types';
import type { EventsProbe } from './events-probe';

type AnyFn = (...args: any[]) => any;
type Context = { G: unknown; ctx: FlowCtx; events?: any; playerID?: string } & Record<string, unknown>;

const isFn = (v: unknown): v is AnyFn => typeof v === 'function';

/**
 * Returns a copy of a 0.50-style config whose every move, hook, trigger and turn-order function
 * reports to the recorder. Missing lifecycle hooks are filled with boardgame.io's own default
 * (`({ G }) => G`) so that every phase and turn boundary is observed. The user's objects are
 * never mutated (boardgame.io's `ProcessGameConfig` mutates what it is given).
 */
export function instrumentConfig(config: GameConfig, recorder: TraceRecorder, probe: EventsProbe): GameConfig {
  const traced = (path: string, kind: FnKind, fn: AnyFn): AnyFn =>
    function tracedFn(context: Context, ...args: unknown[]) {
      const entry = recorder.enter(path, kind, kind === 'move' || path.endsWith('onMove') ? context?.playerID : undefined);
      const arg = context && context.events ? { ...context, events: probe.wrap(context.events) } : context;
      try {
        const result = fn(arg, ...args);
        recorder.exit(entry, result, context?.G);
        return result;
      } catch (error) {
        recorder.fail(entry, error);
        throw error;
      }
    };

  const lifecycle = (
    path: string,
    type: 'phase-begin' | 'phase-end' | 'turn-begin' | 'turn-end' | 'game-end',
    user: unknown,
    info: () => LifecycleInfo,
  ): AnyFn => {
    const inner = isFn(user) ? traced(path, 'hook', user) : (context: Context) => context.G;
    return (context: Context) => {
      recorder.lifecycle(type, context.ctx, info());
      return inner(context);
    };
  };

  const trigger = (path: string, level: 'turn' | 'phase' | 'game', fn: unknown): AnyFn | undefined => {
    if (!isFn(fn)) return undefined;
    const inner = traced(path, 'trigger', fn);
    return (context: Context) => {
      const result = inner(context);
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
      out.next = (context: Context) => {
        const result = inner(context);
        recorder.trigger('phase', `${path}.next`, result, 'order-next');
        return result;
      };
    }
    return out;
  };

  const turn = (path: string, value: unknown): Record<string, unknown> => {
    const src = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const out: Record<string, unknown> = { ...src };
    const info = (): LifecycleInfo => ({ maxMoves: out.maxMoves as number | undefined, turnActivePlayers: !!out.activePlayers });
    out.onBegin = lifecycle(`${path}.onBegin`, 'turn-begin', src.onBegin, info);
    out.onEnd = lifecycle(`${path}.onEnd`, 'turn-end', src.onEnd, info);
    if (isFn(src.onMove)) out.onMove = traced(`${path}.onMove`, 'hook', src.onMove);
    if (isFn(src.endIf)) out.endIf = trigger(`${path}.endIf`, 'turn', src.endIf);
    if (src.order !== undefined) out.order = order(`${path}.order`, src.order);
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
      const info = (): LifecycleInfo => ({
        next: isFn(next) ? { kind: 'function', fn: `${path}.next` } : typeof next === 'string' ? { kind: 'static', phase: next } : undefined,
      });
      p.onBegin = lifecycle(`${path}.onBegin`, 'phase-begin', phase.onBegin, info);
      p.onEnd = lifecycle(`${path}.onEnd`, 'phase-end', phase.onEnd, info);
      if (isFn(phase.endIf)) p.endIf = trigger(`${path}.endIf`, 'phase', phase.endIf);
      if (isFn(next)) p.next = traced(`${path}.next`, 'trigger', next);
      if (phase.moves !== undefined) p.moves = moves(`${path}.moves`, phase.moves);
      // A phase without its own `turn` shares the top-level one, as boardgame.io does.
      p.turn = phase.turn !== undefined ? turn(`${path}.turn`, phase.turn) : topTurn;
      phases[name] = p;
    }
    out.phases = phases;
  }
  return out;
}
