import { nameScopeOf, withPhaseNamesFromCode } from '../lint/name-scope';
import { normaliseConfig, type NormalPhase, type NormalTurn } from '../config/normalise';
import { migrateConfig } from '../legacy/emit/migrate-config';
import { legacyOptionsOf } from '../legacy/analysis/legacy-options';
import { legacyTurnOrderLabels } from '../legacy/analysis/turn-order-labels';
import { readLegacy } from '../legacy/analysis/read-legacy';
import type { BgioRuntime } from '../runtime/bgio-runtime';
import type { GameConfig } from '../types';
import { buildChartModel, NO_PHASE, type ChartModel } from './model';

/** Releases up to 0.32 have an implicit phase called `default` where later ones have no phase. */
const LEGACY_DEFAULT_PHASE = 'default';

/**
 * The chart of `config` for `numPlayers` on `runtime`. Games written for the old `flow` API are
 * charted through their migration to today's shape (the same phases, turns and edges), with the
 * implicit `default` phase in place of the no-phase state, since that is what their `ctx` says.
 */
export function chartOf(config: GameConfig, numPlayers: number, runtime: BgioRuntime): ChartModel {
  const core = runtime.modules['boardgame.io/core'] as
    { TurnOrder?: Record<string, unknown>; ActivePlayers?: Record<string, unknown> } | undefined;
  // Phase names written as the module's constants (`next: () => Phases.OVER`) are read where the game was written.
  const scope = nameScopeOf(config);
  if (runtime.era !== 'flow')
    return buildChartModel(
      withPhaseNamesFromCode(normaliseConfig(config, core?.TurnOrder ?? {}, core?.ActivePlayers ?? {}), scope),
      numPlayers,
      scope,
    );
  const migrated = migrateConfig(config, legacyOptionsOf(runtime)).config;
  const normal = withPhaseNamesFromCode(normaliseConfig(migrated), scope);
  // The migration's turn orders are custom objects: name each phase's as the game's own code does.
  const written = legacyTurnOrderLabels(config, core?.TurnOrder);
  const hooksOf = legacyHooks(config);
  const phases = normal.phases.map((p) => {
    const order = written.get(p.name) ?? (p.name === LEGACY_DEFAULT_PHASE ? written.get(null) : undefined);
    // The migration adds hooks of its own (a phase's action players, its entry checks): chart the game's.
    const hooks = hooksOf(p.name === LEGACY_DEFAULT_PHASE ? null : p.name);
    return { ...p, hooks: hooks.phase, turn: { ...p.turn, hooks: hooks.turn, ...(order ? { order } : {}) } };
  });
  const model = buildChartModel({ ...normal, phases }, numPlayers, scope);
  // 0.26 adds its `default` phase only to a game without phases; phases given as an array cycle round robin.
  const flowPhases = (readLegacy(config).spec.flow as { phases?: unknown } | undefined)?.phases;
  if (runtime.version.startsWith('0.26.') && Array.isArray(flowPhases) && flowPhases.length) return withoutPhase(model, NO_PHASE);
  return renamePhase(model, NO_PHASE, LEGACY_DEFAULT_PHASE);
}

/** The hooks a flow-era spec declares for a phase (`null`: the no-phase state), a phase's own over the flow's. */
function legacyHooks(config: GameConfig): (phase: string | null) => { phase: NormalPhase['hooks']; turn: NormalTurn['hooks'] } {
  const flow = (readLegacy(config).spec.flow ?? {}) as Record<string, unknown>;
  const list = flow.phases;
  const phaseOf = (name: string): Record<string, unknown> =>
    ((Array.isArray(list)
      ? list.find((p) => (p as { name?: unknown } | null)?.name === name)
      : (list as Record<string, unknown> | undefined)?.[name]) ?? {}) as Record<string, unknown>;
  const has = (own: Record<string, unknown>, key: string) => typeof (own[key] ?? flow[key]) === 'function';
  return (phase) => {
    const own = phase === null ? {} : phaseOf(phase);
    return {
      phase: { onBegin: typeof own.onPhaseBegin === 'function', onEnd: typeof own.onPhaseEnd === 'function' },
      turn: { onBegin: has(own, 'onTurnBegin'), onEnd: has(own, 'onTurnEnd'), onMove: has(own, 'onMove') },
    };
  };
}

function withoutPhase(model: ChartModel, key: string): ChartModel {
  return {
    ...model,
    phases: model.phases.filter((p) => p.key !== key),
    edges: model.edges.filter((e) => e.source !== key && e.target !== key && e.phase !== key),
  };
}

function renamePhase(model: ChartModel, from: string, to: string): ChartModel {
  if (model.phases.some((p) => p.key === to)) {
    // The game declares a phase named `default` itself: the no-phase state is that phase.
    const phases = model.phases.filter((p) => p.key !== from);
    return {
      ...model,
      phases,
      edges: model.edges.map((e) => ({
        ...e,
        source: e.source === from ? to : e.source,
        target: e.target === from ? to : e.target,
        phase: e.phase === from ? to : e.phase,
      })),
    };
  }
  const rename = (key: string) => (key === from ? to : key);
  return {
    ...model,
    startPhase: rename(model.startPhase),
    phases: model.phases.map((p) => (p.key === from ? { ...p, key: to, name: to } : p)),
    edges: model.edges.map((e) => ({
      ...e,
      id: e.id.split(from).join(to),
      source: rename(e.source),
      target: rename(e.target),
      phase: e.phase === undefined ? undefined : rename(e.phase),
    })),
  };
}
