import { describe, expect, it } from 'vitest';
import type { FlowAction, GameConfig } from '../../types';
import { event, move, runScenario } from '../../testing/phases-check';
import { internal } from './bgio';
import { bgio049 } from './bgio049-runtime';

/** Undo on 0.49.13, where undoing a stage event works (0.44.4, #942). Shared tests: ../phases-era/releases.test.ts. */
const runtime = bgio049;

describe('undo, redo and reset on 0.49.13', () => {
  const config = (): GameConfig => ({
    setup: () => ({ n: 0 }),
    moves: { inc: (G: any) => void G.n++ },
    turn: { stages: { S: { moves: { inc: (G: any) => void (G.n += 10) } } } },
  });

  it('undoes moves and stage events of the current turn, redoes them, and resets to the start', () => {
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
    expect(session.steps.map((s) => s.ok)).toEqual([true, true, true, true, true, true, true, true, true]);
    expect(bare.map((s) => (s.G as { n: number }).n)).toEqual([0, 1, 1, 11, 1, 1, 1, 0, 1]);
    expect(session.steps.map((s) => s.ctx.activePlayers)).toEqual([
      null,
      null,
      { 0: 'S' },
      { 0: 'S' },
      { 0: 'S' },
      null,
      { 0: 'S' },
      null,
      null,
    ]);
    expect(bare.map((s) => s._stateID)).toEqual([0, 1, 2, 3, 4, 5, 6, 0, 1]);
  });
});
