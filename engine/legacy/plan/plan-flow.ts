/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
/**
 * The flow era (≤0.32): the `flow` section becomes top-level `turn`, `phases`, `endIf` and `events`,
 * planned one step at a time; each step writes its notes in the order the migration reports them.
 */
import { flowPhases, type FlowPhase } from '../analysis/config-functions';
import { PhaseEntry } from '../adapters/wrap';
import type { GameConfig } from '../../types';
import type { Builder } from './builder';
import { planEndGame } from './end-game';
import { planFlowEvents } from './flow-events';
import { moveTables } from './move-tables';
import { reachesNoPhase } from './phase-next';
import { phasesReadingOnBegin, planPhases } from './phases';
import { isFn, type Entry, type Node } from './plan-tree';
import { playerViewOf050 } from './presets-050';
import { planTurn } from './turn';

const GAME_KEYS_HANDLED = new Set(['setup', 'moves', 'playerView', 'flow', 'plugins', 'name']);

/** The plan of a flow-era config (`wrapped` when it was the argument of `Game()`). */
export function planFlow(spec: GameConfig, b: Builder, wrapped: boolean): Node & { t: 'obj' } {
  const flow = (spec.flow && typeof spec.flow === 'object' ? spec.flow : {}) as Record<string, any>;
  const phases = flowPhases(flow);
  const moves = (spec.moves ?? {}) as Record<string, unknown>;

  reshapeNotes(spec, b, wrapped);
  const entries = keptEntries(spec, b);
  const table = moveTables(b, flow, moves);
  const globalMoves = table({
    allowed: flow.allowedMoves,
    allowedFrom: 'flow.allowedMoves',
    undoable: flow.undoableMoves,
    undoableFrom: 'flow.undoableMoves',
    to: 'moves',
    always: true,
  });
  const movesAt = entries.length;
  if (isFn(spec.playerView))
    entries.push({
      key: 'playerView',
      node: playerViewOf050(spec.playerView, b) ?? b.fn(spec.playerView, 'playerView', 'playerView', 'playerView'),
      path: 'playerView',
    });
  droppedSectionNotes(spec, flow, b);

  // Phases whose endPhaseIf reads what their onPhaseBegin sets (0.33+ checks endIf first), and
  // endTurnIf checked right after a phase change (≤0.32): both need to see phase changes.
  const guardedPhases = phasesReadingOnBegin(phases);
  if (phases.length && (guardedPhases.size || isFn(flow.endTurnIf) || phases.some((p) => isFn(p.config.endTurnIf))))
    b.entry = new PhaseEntry();

  // The turn of the no-phase state (and of every phase that overrides nothing).
  const turn = planTurn(b, flow, (key) => `flow.${key}`, 'turn', phases.length > 0);
  if (turn.entries.length) entries.push({ key: 'turn', node: turn, path: 'turn' });

  let nexts: Map<string, string | null> | null = null;
  if (phases.length) {
    const planned = planPhases(b, flow, phases, moves, guardedPhases, table);
    entries.push(planned.entry);
    nexts = planned.nexts;
  }
  if (globalMoves) {
    if (offersGlobalMoves(b, flow, phases, nexts, moves)) entries.splice(movesAt, 0, { key: 'moves', node: globalMoves, path: 'moves' });
    else
      b.note(
        'info',
        'allowedMoves',
        'moves',
        'The top-level `moves` are only offered in the no-phase state (the implicit `default` phase), which this game never reaches; each phase lists its own moves, so they are left out.',
      );
  }

  const endIf = planEndGame(b, flow, phases);
  if (endIf) entries.push(endIf);
  const events = planFlowEvents(b, flow);
  if (events) entries.push(events);
  return { t: 'obj', entries };
}

/** The notes on the game's shape: no `Game()` wrapper, no `flow` section. */
function reshapeNotes(spec: GameConfig, b: Builder, wrapped: boolean): void {
  if (wrapped) b.note('info', 'game-wrapper', '', 'Removed the `Game({ … })` wrapper: since 0.33 a game is the plain object.');
  if (spec.flow)
    b.note('info', 'flow', 'flow', 'Moved the `flow` section: its keys are top-level `endIf`, `turn`, `phases` and `events` since 0.33.');
}

/** The game keys kept as written (`name`, keys Flowscope does not read), and `setup`. */
function keptEntries(spec: GameConfig, b: Builder): Entry[] {
  const entries: Entry[] = [];
  if (spec.name !== undefined) entries.push({ key: 'name', node: { t: 'keep', value: spec.name, from: 'name' }, path: 'name' });
  for (const [key, value] of Object.entries(spec)) {
    if (GAME_KEYS_HANDLED.has(key)) continue;
    entries.push({ key, node: { t: 'keep', value, from: key }, path: key });
  }
  if (isFn(spec.setup)) entries.push({ key: 'setup', node: b.fn(spec.setup, 'setup', 'setup', 'setup'), path: 'setup' });
  return entries;
}

/** Notes on the sections the migrated config leaves out: `plugins`, `flow.optimisticUpdate`. */
function droppedSectionNotes(spec: GameConfig, flow: Record<string, any>, b: Builder): void {
  if (Array.isArray(spec.plugins) && spec.plugins.length) {
    b.note(
      'decision',
      'legacy-plugins',
      'plugins',
      '`plugins`: the plugin API changed in 0.38 (`fnWrap`, `api`, `flush`…); the migrated config leaves them out: port them to 0.50 plugins.',
    );
  }
  if (isFn(flow.optimisticUpdate)) {
    b.note(
      'decision',
      'optimisticUpdate',
      'flow.optimisticUpdate',
      '`flow.optimisticUpdate` is per move since 0.33 (`client: false` in the long move form): mark the moves it refused.',
    );
  }
}

/**
 * Whether the top-level moves are offered: they are the no-phase state's, so a game whose every
 * phase lists its own moves and that never reaches the no-phase state does not need them.
 */
function offersGlobalMoves(
  b: Builder,
  flow: Record<string, any>,
  phases: FlowPhase[],
  nexts: Map<string, string | null> | null,
  moves: Record<string, unknown>,
): boolean {
  const v26 = b.era === 'flow-0.26';
  const everyPhaseHasMoves =
    phases.length > 0 && phases.every((p) => p.name === 'default' || (p.config.allowedMoves ?? flow.allowedMoves) != null);
  const nullPhaseReachable = !phases.length || (v26 ? false : reachesNoPhase(flow, phases, nexts, moves));
  return !(everyPhaseHasMoves && !nullPhaseReachable);
}
