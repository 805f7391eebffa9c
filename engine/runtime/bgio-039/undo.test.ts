import { describe, expect, it } from 'vitest';
import type { FlowAction, GameConfig } from '../../types';
import { event, move, runScenario } from '../../testing/phases-check';
import { core, internal } from './bgio';
import { bgio039 } from './bgio039-runtime';

/**
 * Undo on 0.39.16, before the undo rework of 0.41.0: only moves are recorded, anyone may undo,
 * and undo restores neither `_stateID` nor the random state. What 0.39 shares with 0.43 and 0.49
 * is tested in ../phases-era/releases.test.ts.
 */
const runtime = bgio039;

describe('trace paths on 0.39.16', () => {
  it('undo looks the move up where the previous recorded move left the player: after an unrecorded endStage it throws', () => {
    const config = (): GameConfig => ({
      moves: { keep: () => undefined },
      turn: { stages: { S: { moves: { poke: () => undefined } } } },
    });
    const actions: FlowAction[] = [
      event('setStage', ['S']),
      move('poke'),
      event('endStage'),
      move('keep'),
      { type: 'undo', playerID: '0' },
    ];
    const { session, bare, mismatches } = runScenario(runtime, internal, { numPlayers: 2, config, actions });
    expect(mismatches).toEqual([]);
    expect(session.step(5).error).toEqual({
      type: 'flowscope/threw',
      message: "boardgame.io threw TypeError: Cannot read properties of null (reading 'undoable')",
    });
    expect(bare[5]).toEqual(bare[4]);
  });
});

describe('every rejection on 0.39.16 is a step: the release only logs it (or says nothing), so the reason is established from the state', () => {
  // The rejection game of ../phases-era/releases.test.ts.
  const game = (): GameConfig => ({
    setup: () => ({ cells: [null, null] }),
    moves: {
      claim: (G: any, ctx: any, i: number) => {
        if (G.cells[i] !== null) return core.INVALID_MOVE;
        G.cells[i] = ctx.playerID;
      },
      crash: (G: any) => G.missing.field,
      once: { move: (G: any) => void (G.cells[0] = 'x'), undoable: false },
      sneaky: (G: any, ctx: any) => {
        G.cells[1] = 'sneaky';
        ctx.events.endTurn();
      },
    },
    turn: { moveLimit: 3, stages: { S: { moves: { claim: () => undefined } } } },
    phases: { p: { start: true } },
  });

  it('undo of an event (silent: events are not recorded)', () => {
    const actions: FlowAction[] = [event('setStage', ['S']), { type: 'undo', playerID: '0' }];
    const { session, bare, mismatches } = runScenario(runtime, internal, { numPlayers: 3, config: game, actions }, 2);
    expect(mismatches).toEqual([]);
    const last = session.step(session.lastIndex);
    expect(last.ok).toBe(false);
    expect(last.error).toEqual({
      type: 'action/action_invalid',
      message: 'no moves to undo (undo only reaches back to the start of the current turn, and only moves are recorded, not events)',
    });
    expect(last.trace.logs.filter((l) => l.source === 'boardgame.io').map((l) => l.text)).toEqual([]);
    // A refusal changes nothing that lasts.
    expect(bare[bare.length - 1].G).toEqual(bare[bare.length - 2].G);
  });
});

describe('undo, redo and reset on 0.39.16 (before the undo rework of 0.41.0)', () => {
  const config = (): GameConfig => ({
    setup: () => ({ n: 0 }),
    moves: { inc: (G: any) => void G.n++ },
    turn: { stages: { S: { moves: { inc: (G: any) => void (G.n += 10) } } } },
  });

  it('only moves are recorded; any player may undo and redo; _stateID does not move', () => {
    const actions: FlowAction[] = [
      move('inc'),
      event('setStage', ['S']),
      move('inc'),
      { type: 'undo', playerID: '1' },
      { type: 'undo', playerID: '0' },
      { type: 'undo', playerID: '0' },
      { type: 'redo', playerID: '2' },
      { type: 'reset' },
      move('inc'),
    ];
    const { session, bare, mismatches } = runScenario(runtime, internal, { numPlayers: 3, config, actions });
    expect(mismatches).toEqual([]);
    expect(session.steps.map((s) => s.ok)).toEqual([true, true, true, true, true, true, false, true, true, true]);
    expect(session.step(6).error).toEqual({
      type: 'action/action_invalid',
      message: 'no moves to undo (undo only reaches back to the start of the current turn, and only moves are recorded, not events)',
    });
    // Undoing the stage move goes back to the state after the first move, from before setStage.
    expect(bare.map((s) => (s.G as { n: number }).n)).toEqual([0, 1, 1, 11, 1, 0, 0, 1, 0, 1]);
    expect(session.steps.map((s) => s.ctx.activePlayers)).toEqual([null, null, { 0: 'S' }, { 0: 'S' }, null, null, null, null, null, null]);
    expect(bare.map((s) => s._stateID)).toEqual([0, 1, 2, 3, 3, 3, 3, 3, 0, 1]);
  });

  it('undo does not restore the random state (it does from 0.41.0)', () => {
    const roll = (): GameConfig => ({
      setup: () => ({ rolls: [] }),
      moves: { roll: (G: any, ctx: any) => void G.rolls.push(ctx.random.D6()) },
    });
    const actions: FlowAction[] = [move('roll'), { type: 'undo', playerID: '0' }, move('roll')];
    const { bare, mismatches } = runScenario(runtime, internal, { numPlayers: 2, config: roll, actions });
    expect(mismatches).toEqual([]);
    expect(bare[2].G).toEqual(bare[0].G);
    expect(bare[2].plugins).toEqual(bare[1].plugins);
    expect(bare[3].plugins).not.toEqual(bare[1].plugins);
  });
});
