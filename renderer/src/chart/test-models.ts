/** Small chart models for the chart's unit tests (shaped like fixtures/bang and fixtures/stages-discard). */
import type { ChartEdge, ChartModel, ChartPhase, ChartStage } from '../../../engine/host/protocol';

const stage = (name: string, moves: string[] | null, next: string | null = null): ChartStage => ({ name, moves, next, declared: true });

function phase(key: string, moves: string[] | null, stages: ChartStage[] = [], extra: Partial<ChartPhase> = {}): ChartPhase {
  return {
    key,
    name: key === '__nophase__' ? null : key,
    start: false,
    declared: true,
    moves,
    hooks: { onBegin: false, onEnd: false },
    endIf: false,
    turn: {
      path: 'turn',
      order: { kind: 'DEFAULT', label: 'TurnOrder.DEFAULT' },
      endIf: false,
      hooks: { onBegin: false, onEnd: false, onMove: false },
      stages,
    },
    ...extra,
  };
}

const edge = (kind: ChartEdge['kind'], source: string, target: string, label: string, extra: Partial<ChartEdge> = {}): ChartEdge => ({
  id: `${kind}:${extra.phase ? `${extra.phase}/` : ''}${source}->${target}`,
  kind,
  source,
  target,
  label,
  dynamic: false,
  observed: false,
  ...extra,
});

/** A cycle of phases with a `main` phase holding stages A → B → C → A and a free `discard`. */
export function cycleModel(players = 3): ChartModel {
  return {
    game: 'cycle',
    numPlayers: players,
    players: Array.from({ length: players }, (_, i) => String(i)),
    startPhase: 'gather',
    phases: [
      phase('gather', ['Gather'], [], { endIf: true, start: true }),
      phase('main', null, [
        stage('discard', ['DiscardCard']),
        stage('A', ['Refresh'], 'B'),
        stage('B', null, 'C'),
        stage('C', ['DiscardCard'], 'A'),
      ]),
      phase('market', ['Buy']),
      phase('__nophase__', null),
    ],
    edges: [
      edge('start', '[*]', 'gather', 'start: true'),
      edge('turn', 'gather', 'gather', 'TurnOrder.DEFAULT', { phase: 'gather' }),
      edge('turn', 'main', 'main', 'TurnOrder.DEFAULT', { phase: 'main' }),
      edge('stage-next', 'A', 'B', 'endStage → next', { phase: 'main' }),
      edge('stage-next', 'B', 'C', 'endStage → next', { phase: 'main' }),
      edge('stage-next', 'C', 'A', 'endStage → next', { phase: 'main' }),
      edge('next', 'gather', 'main', 'next'),
      edge('endIf', 'gather', 'main', 'endIf', { fn: 'phases.gather.endIf', dynamic: true }),
      edge('next', 'main', 'market', 'next'),
      edge('next', 'market', 'gather', 'next'),
      edge('gameover', 'gather', 'gameover', 'endIf', { fn: 'endIf', dynamic: true }),
      edge('gameover', 'main', 'gameover', 'endIf', { fn: 'endIf', dynamic: true }),
      edge('gameover', 'market', 'gameover', 'endIf', { fn: 'endIf', dynamic: true }),
      edge('gameover', '__nophase__', 'gameover', 'endIf', { fn: 'endIf', dynamic: true }),
    ],
  };
}

/** One phase with free stages, ending into no phase (like bang). */
export function stagesModel(players = 7): ChartModel {
  return {
    game: 'stages',
    numPlayers: players,
    players: Array.from({ length: players }, (_, i) => String(i)),
    startPhase: 'play',
    phases: [
      phase('play', ['drawCards', 'playBang'], [stage('respondToBang', ['playMissed']), stage('chooseCard', ['pickCard'])], {
        start: true,
      }),
      phase('__nophase__', null),
    ],
    edges: [
      edge('start', '[*]', 'play', 'start: true'),
      edge('turn', 'play', 'play', 'custom', { phase: 'play' }),
      edge('end', 'play', '__nophase__', 'ends with no next'),
      edge('gameover', 'play', 'gameover', 'endIf', { fn: 'endIf', dynamic: true }),
      edge('gameover', '__nophase__', 'gameover', 'endIf', { fn: 'endIf', dynamic: true }),
    ],
  };
}
