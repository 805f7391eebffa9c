import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import type { FlowAction, GameConfig } from '../types';
import { Session } from './session';

// Turns long enough that checkpoints share the undo stack's entries: every state re-derived from a
// checkpoint must still be exactly the one boardgame.io produced, through undo, redo, stages
// (which boardgame.io changes in place) and turn ends.
const game: GameConfig = {
  setup: () => ({ n: 0 }),
  moves: {
    inc: ({ G }: any) => {
      G.n++;
    },
    stage: ({ events }: any) => events.setActivePlayers({ currentPlayer: 'busy' }),
  },
  turn: { stages: { busy: { moves: { inc: ({ G }: any) => void G.n++, leave: ({ events }: any) => events.endStage() } } } },
};

const actionOf = (k: number, playerID: string): FlowAction => {
  if (k < 6) return { type: 'move', name: 'inc', args: [], playerID };
  if (k === 6) return { type: 'move', name: 'stage', args: [], playerID };
  if (k === 7) return { type: 'move', name: 'leave', args: [], playerID };
  if (k === 8) return { type: 'undo', playerID };
  if (k === 9) return { type: 'redo', playerID } as FlowAction;
  return { type: 'event', name: 'endTurn', args: [], playerID };
};

describe('checkpoints of long turns', () => {
  it('every state re-derived from a checkpoint is the one boardgame.io produced', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 40, maxLength: 160 }), (kinds) => {
        // Turns end rarely, so stacks grow past the length where sharing starts.
        const s = new Session({ runtime: bgio050, config: game, numPlayers: 2, seed: 'c', checkpointInterval: 3 });
        const produced: string[] = [JSON.stringify(s.currentState)];
        for (const k of kinds) {
          const kind = k;
          s.dispatch(actionOf(kind, s.currentState.ctx.currentPlayer as string));
          produced.push(JSON.stringify(s.currentState));
        }
        for (let i = produced.length - 1; i >= 0; i--) expect(JSON.stringify(s.stateAt(i))).toBe(produced[i]);
      }),
      { numRuns: 40 },
    );
  });

  it('keep one copy of an entry for every checkpoint that holds it', () => {
    const s = new Session({ runtime: bgio050, config: game, numPlayers: 2, seed: 'c', checkpointInterval: 8 });
    for (let i = 0; i < 200; i++) s.dispatch(actionOf(0, '0'));
    const checkpoints = (s as unknown as { checkpoints: Map<number, { _undo: object[] }> }).checkpoints;
    const [at100, at200] = [checkpoints.get(96)!, checkpoints.get(200)!];
    expect(at200._undo).toHaveLength(201);
    // The 90th move's entry, copied once for the checkpoint at 96 and shared by the one at 200.
    expect(at200._undo[90]).toBe(at100._undo[90]);
  });
});
