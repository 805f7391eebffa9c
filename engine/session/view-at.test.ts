import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import type { FlowAction, GameConfig } from '../types';
import { Session } from './session';

const json = (v: unknown) => JSON.parse(JSON.stringify(v));

const counters: GameConfig = {
  setup: () => ({ n: 0, log: [] as number[], hands: { 0: [1, 2], 1: [3] } }),
  moves: {
    inc: ({ G }: any) => {
      G.n++;
      G.log.push(G.n);
    },
    give: ({ G }: any) => {
      const card = G.hands[0].pop();
      if (card === undefined) return 'INVALID_MOVE';
      G.hands[1].push(card);
    },
  },
  turn: { activePlayers: { currentPlayer: 'act' }, stages: { act: { moves: { inc: ({ G }: any) => void G.n++ } } } },
};

const actionsOf = (kinds: number[]): FlowAction[] =>
  kinds.map((k, i) => {
    const playerID = String(i % 2);
    if (k === 0) return { type: 'move', name: 'inc', args: [], playerID };
    if (k === 1) return { type: 'move', name: 'give', args: [], playerID };
    return { type: 'event', name: 'endTurn', args: [], playerID };
  });

describe('Session.viewAt', () => {
  it('gives the state stateAt gives, in any order of seeks, and the states it holds never change', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (kinds, seeks) => {
          const s = new Session({ runtime: bgio050, config: counters, numPlayers: 2, seed: 'v', checkpointInterval: 4 });
          for (const a of actionsOf(kinds)) s.dispatch(a);
          const expected = s.steps.map((r) => json(s.stateAt(r.index)));
          const views = seeks.map((n) => n % s.length).map((i) => [i, s.viewAt(i)] as const);
          for (const [i, view] of views) expect(json(view)).toEqual(expected[i]);
          // Later seeks (and the replays they run) leave every view handed out as it was.
          for (let i = s.lastIndex - 1; i >= 0; i--) expect(json(s.viewAt(i))).toEqual(expected[i]);
          for (const [i, view] of views) if (i !== s.lastIndex) expect(json(view)).toEqual(expected[i]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('gives the live state for the last step, and stateAt a copy of it', () => {
    const s = new Session({ runtime: bgio050, config: counters, numPlayers: 2, seed: 'v' });
    s.dispatch({ type: 'move', name: 'inc', args: [], playerID: '0' });
    expect(s.viewAt(1)).toBe(s.currentState);
    expect(s.stateAt(1)).not.toBe(s.currentState);
    expect(s.stateAt(1)).toEqual(s.currentState);
  });
});
