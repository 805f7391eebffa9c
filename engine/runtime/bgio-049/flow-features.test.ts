import { describe, expect, it } from 'vitest';
import type { FlowAction, GameConfig } from '../../types';
import { event, move, runScenario } from '../../testing/phases-check';
import { core, internal } from './bgio';
import { bgio049 } from './bgio049-runtime';

/**
 * Flow features 0.49.13 has and 0.39/0.43 lack: a function `phases.X.next` and `turn.endIf` after
 * stage events (0.46), `minMoves`/`maxMoves` (0.48.0). Their older counterparts and setStage(Stage.NULL)
 * are tested in ../phases-era/events.test.ts.
 */
const runtime = bgio049;
const check = (config: () => GameConfig, actions: Parameters<typeof runScenario>[2]['actions'], numPlayers = 3) =>
  runScenario(runtime, internal, { numPlayers, config, actions });

describe('0.49.13 flow features that older (G, ctx) releases lack', () => {
  it('a function phases.X.next chooses the next phase (0.46.2), traced with what it returned', () => {
    const config = (): GameConfig => ({
      setup: () => ({ route: 'c' }),
      phases: { a: { start: true, next: (G: any) => G.route }, b: {}, c: {} },
    });
    const { session, mismatches } = check(config, [event('endPhase')]);
    expect(mismatches).toEqual([]);
    const r = session.step(1);
    expect(r.ctx.phase).toBe('c');
    expect(r.trace.entries.map((e) => [e.fn, e.returned])).toContainEqual(['phases.a.next', 'c']);
    expect(r.trace.transitions.find((t) => t.type === 'phase-begin')?.cause).toBe('phases.a.next returned "c"');
  });

  it('turn.minMoves refuses an early endTurn and turn.maxMoves ends the turn (0.48.0)', () => {
    const config = (): GameConfig => ({ moves: { m: () => undefined }, turn: { minMoves: 1, maxMoves: 2 } });
    const { session, mismatches } = check(config, [event('endTurn'), move('m'), move('m')]);
    expect(mismatches).toEqual([]);
    expect(session.steps.map((s) => [s.ok, s.ctx.turn, s.ctx.numMoves])).toEqual([
      [true, 1, 0],
      [false, 1, 0],
      [true, 1, 1],
      [true, 2, 0],
    ]);
    expect(session.step(1).error).toEqual({ type: 'flow/refused', message: 'cannot end turn before making 1 moves' });
    expect(session.step(3).trace.transitions.find((t) => t.type === 'turn-end')?.cause).toBe('turn.maxMoves (2) reached');
  });

  it('a stage’s minMoves refuses an early endStage and its maxMoves ends the stage (0.48.0)', () => {
    const config = (): GameConfig => ({ moves: { m: () => undefined }, turn: { stages: { S: {} } } });
    const actions = [
      event('setActivePlayers', [{ value: { 1: 'S' }, minMoves: 1, maxMoves: 2 }]),
      event('endStage', [], '1'),
      move('m', '1'),
      move('m', '1'),
    ];
    const { session, mismatches } = check(config, actions);
    expect(mismatches).toEqual([]);
    expect(session.steps.map((s) => [s.ok, s.ctx.activePlayers])).toEqual([
      [true, null],
      [true, { 1: 'S' }],
      [false, { 1: 'S' }],
      [true, { 1: 'S' }],
      [true, null],
    ]);
    expect(session.step(2).error).toEqual({ type: 'flow/refused', message: 'cannot end stage before making 1 moves' });
  });

  it('turn.endIf is checked after a setActivePlayers event (0.46.2)', () => {
    const config = (): GameConfig => ({ turn: { endIf: (G: any, ctx: any) => ctx.activePlayers?.['1'] === 'done' } });
    const { session, mismatches } = check(config, [event('setActivePlayers', [{ value: { 1: 'done' } }])]);
    expect(mismatches).toEqual([]);
    expect(session.step(1).ctx).toMatchObject({ turn: 2, currentPlayer: '1', activePlayers: null });
    expect(session.step(1).trace.transitions.find((t) => t.type === 'turn-end')?.cause).toBe('turn.endIf returned true');
  });
  it('which end checks run after stage events: game, phase and turn endIf after both setActivePlayers and setStage', () => {
    const config = (): GameConfig => ({
      turn: { endIf: (G: any, ctx: any) => ctx.activePlayers?.['0'] === 't' },
      phases: {
        a: { start: true, endIf: (G: any, ctx: any) => ctx.activePlayers?.['1'] === 'p' || ctx.activePlayers?.['0'] === 'q', next: 'b' },
        b: {},
      },
    });
    const sap = check(config, [event('setActivePlayers', [{ value: { 1: 'p' } }])]);
    expect(sap.mismatches).toEqual([]);
    expect(sap.session.step(1).ctx).toMatchObject({ phase: 'b', turn: 2, activePlayers: null });
    const turnEnd = check(config, [event('setStage', ['t'])]);
    expect(turnEnd.mismatches).toEqual([]);
    expect(turnEnd.session.step(1).ctx).toMatchObject({ phase: 'a', turn: 2, activePlayers: null });
    expect(turnEnd.session.step(1).trace.transitions.find((t) => t.type === 'turn-end')?.cause).toBe('turn.endIf returned true');
  });
});

describe('every rejection on 0.49.13 is a step with the release’s reason (transients.error)', () => {
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

  it('endStage before the stage’s minMoves (only logged)', () => {
    const actions: FlowAction[] = [event('setActivePlayers', [{ currentPlayer: { stage: 'S', minMoves: 2 } }]), event('endStage')];
    const { session, mismatches } = runScenario(runtime, internal, { numPlayers: 3, config: game, actions }, 2);
    expect(mismatches).toEqual([]);
    const last = session.step(session.lastIndex);
    expect(last.ok).toBe(false);
    expect(last.error).toEqual({ type: 'flow/refused', message: 'cannot end stage before making 2 moves' });
    // A logged-only refusal: _stateID moves on, so the states are not compared.
  });
});
