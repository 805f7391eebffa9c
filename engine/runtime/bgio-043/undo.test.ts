import { describe, expect, it } from 'vitest';
import type { FlowAction, GameConfig } from '../../types';
import { event, move, runScenario } from '../../testing/phases-check';
import { internal } from './bgio';
import { bgio043 } from './bgio043-runtime';

/**
 * Undo on 0.43.3: reworked in 0.41.0 (events are recorded, the random state is restored), but
 * undoing a stage event still throws (fixed in 0.44.4). What 0.43 shares with 0.39 and 0.49 is
 * tested in ../phases-era/releases.test.ts.
 */
const runtime = bgio043;

describe('undo, redo and reset on 0.43.3', () => {
  const config = (): GameConfig => ({
    setup: () => ({ n: 0 }),
    moves: { inc: (G: any) => void G.n++ },
    turn: { stages: { S: { moves: { inc: (G: any) => void (G.n += 10) } } } },
  });

  it('undoes and redoes moves; undoing a stage event throws inside the release (fixed in 0.44.4, #942)', () => {
    const actions: FlowAction[] = [
      move('inc'),
      event('setStage', ['S']),
      move('inc'),
      { type: 'undo', playerID: '0' },
      { type: 'undo', playerID: '0' },
      { type: 'redo', playerID: '0' },
      { type: 'reset' },
      move('inc'),
    ];
    const { session, bare, mismatches } = runScenario(runtime, internal, { numPlayers: 2, config, actions });
    expect(mismatches).toEqual([]);
    expect(session.steps.map((s) => s.ok)).toEqual([true, true, true, true, true, false, true, true, true]);
    expect(session.step(5).error).toEqual({
      type: 'flowscope/threw',
      message: "boardgame.io threw TypeError: Cannot read properties of null (reading 'undoable')",
    });
    expect(bare.map((s) => (s.G as { n: number }).n)).toEqual([0, 1, 1, 11, 1, 1, 11, 0, 1]);
    expect(session.steps.map((s) => s.ctx.activePlayers)).toEqual([
      null,
      null,
      { 0: 'S' },
      { 0: 'S' },
      { 0: 'S' },
      { 0: 'S' },
      { 0: 'S' },
      null,
      null,
    ]);
    expect(bare.map((s) => s._stateID)).toEqual([0, 1, 2, 3, 4, 4, 5, 0, 1]);
  });

  it('undo restores the random state too (0.41.0)', () => {
    const roll = (): GameConfig => ({
      setup: () => ({ rolls: [] }),
      moves: { roll: (G: any, ctx: any) => void G.rolls.push(ctx.random.D6()) },
    });
    const actions: FlowAction[] = [move('roll'), { type: 'undo', playerID: '0' }, move('roll')];
    const { bare, mismatches } = runScenario(runtime, internal, { numPlayers: 2, config: roll, actions });
    expect(mismatches).toEqual([]);
    expect(bare[2].plugins).toEqual(bare[0].plugins);
    expect(bare[3].plugins).toEqual(bare[1].plugins);
    expect(bare[3].G).toEqual(bare[1].G);
  });
});
