import { describe, expect, it } from 'vitest';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import { Session } from '../session/session';
import type { FlowAction } from '../types';

// boardgame.io's own lifecycle spec: src/core/flow.test.ts "hook execution order" (v0.50.2).
// Every hook and trigger is a no-op; the trace alone must show boardgame.io's call order.
const noop = () => undefined;
const game = {
  moves: {
    move: noop,
    setStage: ({ events }: any) => void events.setStage('A'),
    endStage: ({ events }: any) => void events.endStage(),
    setActivePlayers: ({ events }: any) => void events.setActivePlayers({ all: 'A', minMoves: 1, maxMoves: 1 }),
  },
  endIf: noop,
  onEnd: noop,
  turn: {
    activePlayers: { all: 'A' },
    endIf: noop,
    onBegin: noop,
    onMove: noop,
    onEnd: noop,
    order: { first: () => 0, next: () => 0, playOrder: () => ['0', '1'] },
  },
  phases: {
    A: { start: true, next: 'B', endIf: noop, onBegin: noop, onEnd: noop },
    B: { next: 'A', endIf: noop, onBegin: noop, onEnd: noop },
  },
};

// boardgame.io's names → where the function lives in the config.
const rename = (name: string) =>
  name
    .replace(/^game\.endIf$/, 'endIf')
    .replace(/^game\.onEnd$/, 'onEnd')
    .replace(/^phase([AB])\./, 'phases.$1.')
    .replace(/^move$/, 'moves.move');

const move = (name: string, playerID = '0'): FlowAction => ({ type: 'move', name, args: [], playerID });
const event = (name: any, args: unknown[] = [], playerID = '0'): FlowAction => ({ type: 'event', name, args, playerID });

describe('trace order matches boardgame.io’s documented hook order', () => {
  const session = new Session({ runtime: bgio050, config: game, numPlayers: 2, seed: 'order' });
  const fns = (i: number) => session.step(i).trace.entries.map((e) => e.fn);

  it('during setup', () => {
    expect(fns(0)).toEqual(
      [
        'game.endIf',
        'phaseA.endIf',
        'phaseA.onBegin',
        'game.endIf',
        'phaseA.endIf',
        'turn.order.playOrder',
        'turn.order.first',
        'turn.onBegin',
        'game.endIf',
        'phaseA.endIf',
      ].map(rename),
    );
  });

  const cases: Array<[string, FlowAction, string[]]> = [
    ['on move', move('move'), ['move', 'turn.onMove', 'game.endIf', 'phaseA.endIf', 'turn.endIf']],
    ['on setStage', event('setStage', ['B']), ['game.endIf', 'phaseA.endIf', 'game.endIf', 'phaseA.endIf', 'turn.endIf']],
    ['on endStage', event('endStage', [], '1'), ['game.endIf', 'phaseA.endIf', 'game.endIf', 'phaseA.endIf', 'turn.endIf']],
    ['on setActivePlayers', event('setActivePlayers', [{}]), ['game.endIf', 'phaseA.endIf', 'turn.endIf']],
    [
      'on setStage triggered by a move',
      move('setStage'),
      [
        'moves.setStage',
        'turn.onMove',
        'game.endIf',
        'phaseA.endIf',
        'turn.endIf',
        'game.endIf',
        'phaseA.endIf',
        'game.endIf',
        'phaseA.endIf',
        'turn.endIf',
      ],
    ],
    [
      'on endStage triggered by a move',
      move('endStage'),
      [
        'moves.endStage',
        'turn.onMove',
        'game.endIf',
        'phaseA.endIf',
        'turn.endIf',
        'game.endIf',
        'phaseA.endIf',
        'game.endIf',
        'phaseA.endIf',
        'turn.endIf',
      ],
    ],
    [
      'on setActivePlayers triggered by a move',
      move('setActivePlayers'),
      ['moves.setActivePlayers', 'turn.onMove', 'game.endIf', 'phaseA.endIf', 'turn.endIf', 'game.endIf', 'phaseA.endIf', 'turn.endIf'],
    ],
    ['on a stage end triggered by maxMoves', move('move', '1'), ['move', 'turn.onMove', 'game.endIf', 'phaseA.endIf', 'turn.endIf']],
    [
      'on endTurn',
      event('endTurn'),
      [
        'turn.onEnd',
        'game.endIf',
        'phaseA.endIf',
        'turn.order.next',
        'game.endIf',
        'phaseA.endIf',
        'turn.onBegin',
        'game.endIf',
        'phaseA.endIf',
      ],
    ],
    [
      'on endPhase',
      event('endPhase'),
      [
        'turn.onEnd',
        'phaseA.onEnd',
        'game.endIf',
        'game.endIf',
        'phaseB.endIf',
        'phaseB.onBegin',
        'game.endIf',
        'phaseB.endIf',
        'turn.order.playOrder',
        'turn.order.first',
        'turn.onBegin',
        'game.endIf',
        'phaseB.endIf',
      ],
    ],
    ['on endGame (turn.onEnd is not called)', event('endGame', [5]), ['phaseB.onEnd', 'game.onEnd']],
  ];

  for (const [name, action, expected] of cases) {
    it(name, () => {
      const record = session.dispatch(action);
      expect(record.ok).toBe(true);
      expect(fns(record.index)).toEqual(expected.map(rename));
    });
  }

  it('records the transitions of endPhase in order, with their causes', () => {
    const s = new Session({ runtime: bgio050, config: game, numPlayers: 2, seed: 'order' });
    const record = s.dispatch(event('endPhase'));
    expect(record.trace.transitions.filter((t) => t.type !== 'stage').map((t) => [t.type, t.phase])).toEqual([
      ['turn-end', 'A'],
      ['phase-end', 'A'],
      ['phase-begin', 'B'],
      ['turn-begin', 'B'],
    ]);
    const [turnEnd, phaseEnd, phaseBegin] = record.trace.transitions;
    expect(turnEnd.cause).toBe('phase A is ending: player 0 called endPhase()');
    expect(phaseEnd.cause).toBe('player 0 called endPhase()');
    expect(phaseEnd.automatic).toBe(false);
    expect(phaseBegin.cause).toBe("phases.A.next is 'B'");
  });
});
