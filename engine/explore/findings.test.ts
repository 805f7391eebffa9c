import { describe, expect, it } from 'vitest';
import { chartOf } from '../chart/build';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import { Session } from '../session/session';
import type { GameConfig } from '../types';
import { findingsOfStep } from './findings';
import { runPlayout } from './playout';
import { minimalReplay } from './shrink';
import pitfall from '../../fixtures/bang-onmove-pitfall/game';

const session = (config: GameConfig) => new Session({ runtime: bgio050, config, numPlayers: 2, seed: 'f' });

describe('classifying a step', () => {
  it('an endless endTurn chain from turn.onBegin: one loop-guard finding, not hundreds of rolled-back drops', () => {
    const s = session({
      setup: () => ({ n: 0 }),
      moves: { go: ({ G }: any) => void G.n++ },
      turn: {
        onBegin: ({ G, events }: any) => {
          if (G.n > 0) events.endTurn();
        },
      },
    });
    s.dispatch({ type: 'move', name: 'go', args: [], playerID: '0' });
    const record = s.dispatch({ type: 'event', name: 'endTurn', args: [], playerID: '0' });
    expect(findingsOfStep(record).map((f) => [f.kind, f.location])).toEqual([['loop-guard', 'turn.onBegin → endTurn']]);
  });

  it('an event game code calls where boardgame.io forbids it is event-rejected; one called after the turn ended is event-dropped', () => {
    const rejected = session({
      moves: {},
      phases: { a: { start: true, onBegin: ({ events }: any) => events.setActivePlayers({ all: 's' }) } },
    });
    expect(findingsOfStep(rejected.step(0)).map((f) => [f.kind, f.location])).toEqual([
      ['event-rejected', 'phases.a.onBegin → setActivePlayers'],
    ]);
    const dropped = session({
      moves: { go: ({ events }: any) => events.endStage() },
      turn: { maxMoves: 1, onMove: ({ events }: any) => events.setActivePlayers({ all: 's' }), stages: { s: {} } },
    });
    const record = dropped.dispatch({ type: 'move', name: 'go', args: [], playerID: '0' });
    expect(findingsOfStep(record).some((f) => f.kind === 'event-dropped' && f.location === 'turn.onMove → setActivePlayers')).toBe(true);
  });

  it('non-determinism: state kept outside G differs when the actions run again, and shrinking keeps it', () => {
    let calls = 0;
    const config = { setup: () => ({ n: 0 }), moves: { tick: ({ G }: any) => void (G.n = calls++) } };
    const model = chartOf(config, 2, bgio050);
    const game = { runtime: bgio050, config, numPlayers: 2 };
    const result = runPlayout(game, model, { seed: 'n', steps: 6 });
    const found = result.findings.find((f) => f.kind === 'nondeterminism');
    expect(found?.step).toBe(1);
    const replay = minimalReplay(game, 'n', result.actions, found!);
    expect(replay.actions.filter((a) => a.type === 'move')).toHaveLength(1);
  });

  it('every other diagnostic is a finding placed by its code and the function it names', () => {
    const result = runPlayout({ runtime: bgio050, config: pitfall, numPlayers: 3 }, chartOf(pitfall, 3, bgio050), {
      seed: 'p',
      steps: 10,
      checkDeterminism: false,
    });
    expect(result.findings.map((f) => [f.kind, f.location])).toEqual([['diagnostic', 'legacy-signature: phases.play.turn.onMove']]);
  });
});
