import { describe, expect, it } from 'vitest';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import type { FlowAction } from '../types';
import { findNondeterminism, nondeterministicSources } from './determinism';
import { Session } from './session';

const roll: FlowAction = { type: 'move', name: 'roll', args: [], playerID: '0' };

function sessionOf(config: Record<string, any>): Session {
  const s = new Session({ runtime: bgio050, config, numPlayers: 2, seed: 'd' });
  for (let i = 0; i < 5; i++) s.dispatch(roll);
  return s;
}

describe('non-deterministic game code', () => {
  it('is found by running the same actions again, and the culprit is named', () => {
    const result = findNondeterminism(
      sessionOf({ setup: () => ({ dice: [] }), moves: { roll: ({ G }: any) => void G.dice.push(Math.floor(Math.random() * 1e9)) } }),
    );
    expect(result?.step).toBe(1);
    expect(result?.differences[0]).toMatch(/^G\.dice\[0\]: \d+ → \d+$/);
    expect(result?.suspects).toEqual(['moves.roll uses Math.random']);
  });

  it('the seeded random plugin replays exactly', () => {
    expect(
      findNondeterminism(
        sessionOf({ setup: () => ({ dice: [] }), moves: { roll: ({ G, random }: any) => void G.dice.push(random.D6()) } }),
      ),
    ).toBeNull();
  });

  it('lists clock and random reads in the config', () => {
    expect(nondeterministicSources({ moves: { a: () => Date.now(), b: () => 1 }, turn: { onBegin: () => new Date() } })).toEqual([
      'moves.a uses Date.now',
      'turn.onBegin uses new Date',
    ]);
  });
});

describe('a game whose G holds functions (boardgame.io 0.39 accepts it)', () => {
  it('is deterministic when the functions are made by the same code on each run', async () => {
    const { loadRuntime } = await import('../runtime/registry');
    const runtime = await loadRuntime('0.39.16');
    const makeCard = (id: number) => ({ id, use: (G: { used: number }) => G.used + id });
    const session = new Session({
      runtime,
      config: {
        setup: () => ({ used: 0, cards: [makeCard(0), makeCard(1)] }),
        moves: { tap: (G: { used: number }) => void (G.used += 1) },
      },
      numPlayers: 2,
      seed: 'functions',
    });
    session.dispatch({ type: 'move', name: 'tap', args: [], playerID: '0' });
    expect(session.step(1).ok).toBe(true);
    expect(findNondeterminism(session)).toBeNull();
  });
});
