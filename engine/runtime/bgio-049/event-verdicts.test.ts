import { describe, expect, it } from 'vitest';
import { Session } from '../../session/session';
import type { GameConfig } from '../../types';
import { bgio050 } from '../bgio-050/bgio050-runtime';
import { event, eventsOf, move, runScenario } from '../../testing/phases-check';
import { MATRIX_EVENTS, MATRIX_HOOKS, observeMatrix } from '../../testing/events-matrix';
import { reactiveScenario } from '../../testing/phases-scenarios';
import { internal } from './bgio';
import { bgio049 } from './bgio049-runtime';

/**
 * The events plugin of 0.49.13: events are checked where they were called (0.46.0), refused from
 * the wrong hook (0.47.1) and stopped at game over (0.47.6). Its permission matrix and what it
 * shares with 0.39 and 0.43 are tested in ../phases-era/events.test.ts and releases.test.ts.
 */
const runtime = bgio049;
const newSession = (config: GameConfig, numPlayers = 3, seed = 'x') => new Session({ runtime, config, numPlayers, seed });
const check = (config: () => GameConfig, actions: Parameters<typeof runScenario>[2]['actions'], numPlayers = 3) =>
  runScenario(runtime, internal, { numPlayers, config, actions });

describe('the event permission matrix of 0.49.13, observed (the same as 0.50.2’s)', () => {
  const table = observeMatrix(runtime, internal);

  it('rejections carry the events plugin’s own message, without its stack', () => {
    expect(table['turn.onBegin'].setStage.reason).toBe(
      '`setStage` & `endStage` are disallowed in `turn.onBegin`.\nUse `setActivePlayers` or declare stages with `turn.activePlayers` instead.',
    );
    expect(table['turn.onEnd'].endTurn.reason).toBe('`endTurn` is disallowed in `onEnd` hooks — the turn is already ending.');
    expect(table['phase.onEnd'].setPhase.reason).toMatch(/^`setPhase` & `endPhase` are disallowed in a phase’s `onEnd` hook/);
    expect(table['turn.endIf'].endGame.reason).toMatch(/^Events must be called from moves or the `onBegin`, `onEnd`, and `onMove` hooks\./);
    for (const hook of MATRIX_HOOKS)
      for (const ev of MATRIX_EVENTS) expect(table[hook][ev].reason ?? '').not.toMatch(/Events Plugin Error|\n\s+at /);
  });

  it('drops carry why the release skipped the event', () => {
    expect(table['phase.onBegin'].endTurn.reason).toBe(
      'the turn it was called in had already ended when boardgame.io reached it (called in turn 1, reached in turn 2)',
    );
    expect(table['game.onEnd'].endTurn.reason).toBe('the game was already over when boardgame.io reached it');
  });
});

describe('events called by game code get 0.49.13’s verdict', () => {
  it('applied: the seed 004 onMove pattern; on 0.50.2 the same (G, ctx) onMove never reaches ctx.events', () => {
    const scenario = reactiveScenario();
    const s049 = runScenario(runtime, internal, scenario).session;
    expect(s049.step(1).ctx.activePlayers).toEqual({ 2: 'respondToBang' });
    // The seed's own setup on 0.50: context-style moves, but a (G, ctx) turn.onMove.
    const config050 = scenario.config();
    config050.setup = ({ ctx }: any) => ({ health: Array(ctx.numPlayers).fill(2), pendingAction: null });
    config050.moves.playBang = ({ G, ctx }: any, target: string) =>
      void (G.pendingAction = { type: 'BANG', source: ctx.currentPlayer, target });
    const s050 = new Session({ runtime: bgio050, config: config050, numPlayers: 3, seed: 'x' });
    const r = s050.dispatch(scenario.actions[0]);
    expect(r.ok).toBe(true);
    expect(s050.currentState.G).toEqual({ health: [2, 2, 2], pendingAction: { type: 'BANG', source: '0', target: '2' } });
    // onMove ran, but its first parameter is the context object, whose pendingAction is undefined.
    expect(r.trace.entries.map((e) => [e.fn, e.events.length])).toEqual([
      ['moves.playBang', 0],
      ['turn.onMove', 0],
    ]);
    expect(r.ctx.activePlayers).toBeNull();
  });

  it('dropped: a stage event from turn.onMove when the same move ends the turn (maxMoves)', () => {
    const config = (): GameConfig => ({
      moves: { go: () => undefined },
      turn: { maxMoves: 1, onMove: (G: any, ctx: any) => void ctx.events.setActivePlayers({ others: 'respond' }) },
    });
    const { session, mismatches } = check(config, [move('go')]);
    expect(mismatches).toEqual([]);
    expect(session.step(1).ctx).toMatchObject({ turn: 2, currentPlayer: '1', activePlayers: null });
    expect(eventsOf(session, 1)).toEqual([
      {
        fn: 'turn.onMove',
        name: 'setActivePlayers',
        args: [{ others: 'respond' }],
        outcome: 'dropped',
        reason: 'the turn it was called in had already ended when boardgame.io reached it (called in turn 1, reached in turn 2)',
      },
    ]);
  });

  it('dropped: events after endGame in the same move (0.47.6 stops at game over)', () => {
    const config = (): GameConfig => ({
      moves: { go: (G: any, ctx: any) => void (ctx.events.endGame(), ctx.events.endTurn(), ctx.events.setPhase('x')) },
      phases: { x: {} },
    });
    const { session, mismatches } = check(config, [move('go')]);
    expect(mismatches).toEqual([]);
    expect(session.step(1).ctx).toMatchObject({ turn: 1, currentPlayer: '0', gameover: true });
    expect(eventsOf(session, 1).map((e) => [e.name, e.outcome, e.reason])).toEqual([
      ['endGame', 'applied', undefined],
      ['endTurn', 'dropped', 'the game was already over when boardgame.io reached it'],
      ['setPhase', 'dropped', 'the game was already over, so boardgame.io stopped processing events before reaching it'],
    ]);
  });

  it('applied: endTurn from turn.onBegin ends the turn it was called in (0.46.0)', () => {
    const config = (): GameConfig => ({ turn: { onBegin: (G: any, ctx: any) => void (ctx.turn === 2 && ctx.events.endTurn()) } });
    const { session, mismatches } = check(config, [event('endTurn')]);
    expect(mismatches).toEqual([]);
    expect(session.step(1).ctx).toMatchObject({ turn: 3, currentPlayer: '2' });
    expect(eventsOf(session, 1)).toEqual([{ fn: 'turn.onBegin', name: 'endTurn', args: [], outcome: 'applied' }]);
  });

  it('applied: setPhase from phase.onBegin moves on again (0.46.0)', () => {
    const config = (): GameConfig => ({
      moves: { go: (G: any, ctx: any) => void ctx.events.setPhase('b') },
      phases: { a: { start: true }, b: { onBegin: (G: any, ctx: any) => void ctx.events.setPhase('c') }, c: {} },
    });
    const { session, mismatches } = check(config, [move('go')]);
    expect(mismatches).toEqual([]);
    expect(session.step(1).ctx.phase).toBe('c');
    expect(eventsOf(session, 1).map((e) => [e.fn, e.outcome])).toEqual([
      ['moves.go', 'applied'],
      ['phases.b.onBegin', 'applied'],
    ]);
  });

  it('rejected while the game is created: events from setup are only logged, and the game starts without them', () => {
    const config = (): GameConfig => ({
      setup: (ctx: any) => (ctx.events.setPhase('b'), { ok: true }),
      phases: { a: { start: true }, b: {} },
    });
    const { session, mismatches } = check(config, []);
    expect(mismatches).toEqual([]);
    expect(session.step(0).ctx.phase).toBe('a');
    expect(eventsOf(session, 0)).toEqual([
      {
        fn: 'setup',
        name: 'setPhase',
        args: ['b'],
        outcome: 'rejected',
        reason: expect.stringMatching(/^Events must be called from moves or the `onBegin`, `onEnd`, and `onMove` hooks\./),
      },
    ]);
    expect(session.step(0).trace.logs[0]).toMatchObject({
      level: 'error',
      source: 'boardgame.io',
      text: expect.stringMatching(/^ERROR: events plugin declared action invalid:\n/),
    });
  });
});

describe('0.49.13 guards against event loops (0.46.0)', () => {
  it('a turn.onBegin that always ends its turn is refused after numPlayers × 100 turn endings, and rolled back', () => {
    const config = (): GameConfig => ({ turn: { onBegin: (G: any, ctx: any) => void (ctx.turn > 1 && ctx.events.endTurn()) } });
    const { session, mismatches } = check(config, [event('endTurn')], 2);
    expect(mismatches).toEqual([]);
    const r = session.step(1);
    expect(r.error).toEqual({
      type: 'action/plugin_invalid',
      message:
        'the events plugin refused the action: Maximum number of turn endings exceeded for this update.\nThis likely means game code is triggering an infinite loop.',
    });
    expect(r.ctx).toMatchObject({ turn: 1, currentPlayer: '0' });
    const outcomes = eventsOf(session, 1).map((e) => e.outcome);
    expect(outcomes.filter((o) => o === 'rejected')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'dropped')).toHaveLength(199);
  });
});

describe('every rejection on 0.49.13 is a step with the release’s reason (transients.error)', () => {
  it('the events plugin refusing rolls the whole action back (action/plugin_invalid)', () => {
    const s = newSession({
      setup: () => ({ moved: false }),
      moves: { go: (G: any, ctx: any) => void ((G.moved = true), ctx.events.setPhase('b')) },
      phases: { a: { start: true }, b: { onBegin: (G: any, ctx: any) => void ctx.events.setActivePlayers({ all: 'x' }) } },
    });
    const r = s.dispatch(move('go'));
    expect(r.error?.type).toBe('action/plugin_invalid');
    expect(r.error?.message).toBe(
      'the events plugin refused the action: `setStage`, `endStage` & `setActivePlayers` are disallowed in a phase’s `onBegin` hook.\nUse `setActivePlayers` in a `turn.onBegin` hook or declare stages with `turn.activePlayers` instead.',
    );
    expect(s.currentState.G).toEqual({ moved: false });
    expect(r.ctx.phase).toBe('a');
    expect(eventsOf(s, 1).map((e) => [e.fn, e.name, e.outcome, e.reason?.split('\n')[0]])).toEqual([
      ['moves.go', 'setPhase', 'dropped', 'applied, then rolled back: boardgame.io refused the action (setActivePlayers was rejected)'],
      [
        'phases.b.onBegin',
        'setActivePlayers',
        'rejected',
        '`setStage`, `endStage` & `setActivePlayers` are disallowed in a phase’s `onBegin` hook.',
      ],
    ]);
    expect(r.trace.transitions.length).toBeGreaterThan(0);
    expect(r.trace.transitions.every((t) => t.rolledBack)).toBe(true);
  });
});
