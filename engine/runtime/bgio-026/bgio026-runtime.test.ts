import { Game as RealGame } from 'bgio-0.26/dist/core.js';
import { describe, expect, it } from 'vitest';
import { Session, SessionError } from '../../session/session';
import type { Transition } from '../../trace/types';
import type { FlowAction, FlowCtx, GameConfig } from '../../types';
import { event, move, play, seekAll } from '../../testing/flow-harness';
import { SPEC } from '../flow-era/spec';
import { runBare026 } from '../../testing/bare-reducer';
import { bgio026 } from './bgio026-runtime';

const core = bgio026.modules['boardgame.io/core'] as Record<string, any>;
const { TurnOrder } = core;

const CLIENT_REFUSALS = new Set(['flowscope/unknown_event', 'client/event_disabled']);

/**
 * Plays `actions` in a session on a `Game(...)` made with Flowscope's `boardgame.io/core`, and
 * checks that every state equals the bare 0.26.3 reducer's and what seeking re-derives.
 */
function check(makeSpec: () => GameConfig, actions: FlowAction[], numPlayers = 2, seed = 'seed'): Session {
  const run = play(bgio026, core.Game(makeSpec()), actions, { numPlayers, seed });
  // Events the client would not offer never reach the reducer in a session: the bare run skips them.
  const offered = (i: number) => !CLIENT_REFUSALS.has(run.session.step(i + 1).error?.type ?? '');
  const bare = runBare026(
    makeSpec,
    numPlayers,
    seed,
    actions.filter((_, i) => offered(i)),
  );
  const expected = [bare[0]];
  let next = 1;
  actions.forEach((_, i) => expected.push(offered(i) ? bare[next++] : expected[expected.length - 1]));
  expect(run.stepped).toEqual(expected);
  expect(seekAll(run.session)).toEqual(run.stepped);
  return run.session;
}

const view = (s: Session, keys: Array<keyof FlowCtx>) =>
  s.steps.map((r) => Object.fromEntries(keys.map((k) => [k, r.ctx[k]])) as Partial<FlowCtx>);
const fns = (s: Session, i: number) => s.step(i).trace.entries.map((e) => e.fn);
const transitions = (s: Session, i: number) =>
  s
    .step(i)
    .trace.transitions.map((t: Transition) => ({ type: t.type, phase: t.phase, turn: t.turn, cause: t.cause, automatic: t.automatic }));
const eventsOf = (s: Session, i: number) => s.step(i).trace.entries.flatMap((e) => e.events.map((ev) => ({ fn: e.fn, ...ev })));
const logsOf = (s: Session, i: number) =>
  s
    .step(i)
    .trace.logs.filter((l) => l.source === 'flowscope')
    .map((l) => l.text);

// Seed document 000's card game as 0.26.3 takes it: phases are an array, run in order, and
// moves return the new G (there is no immer).
const cards = (): GameConfig => ({
  setup: () => ({ deck: 5, hand: 0 }),
  moves: {
    drawCard: (G: any) => ({ ...G, deck: G.deck - 1, hand: G.hand + 1 }),
    playCard: (G: any) => ({ ...G, deck: G.deck + 1, hand: G.hand - 1 }),
  },
  flow: {
    phases: [
      { name: 'draw', allowedMoves: ['drawCard'], endPhaseIf: (G: any) => G.deck <= 0 },
      { name: 'play', allowedMoves: ['playCard'], endPhaseIf: (G: any) => G.hand <= 0 },
    ],
  },
});

describe('boardgame.io 0.26.3: phases (seed document 000, as 0.26 takes it)', () => {
  it('cycles draw ↔ play through allowedMoves, endPhaseIf and the order of flow.phases', () => {
    const actions = [
      move('playCard'),
      ...Array(5).fill(move('drawCard')),
      move('drawCard'),
      ...Array(5).fill(move('playCard')),
      move('drawCard'),
    ];
    const s = check(cards, actions, 1);
    expect(view(s, ['phase', 'turn', 'currentPlayer', 'numMoves', 'activePlayers'])).toEqual([
      { phase: 'draw', turn: 0, currentPlayer: '0', numMoves: 0, activePlayers: null },
      { phase: 'draw', turn: 0, currentPlayer: '0', numMoves: 0, activePlayers: null },
      ...[1, 2, 3, 4].map((n) => ({ phase: 'draw', turn: 0, currentPlayer: '0', numMoves: n, activePlayers: null })),
      { phase: 'play', turn: 0, currentPlayer: '0', numMoves: 5, activePlayers: null },
      { phase: 'play', turn: 0, currentPlayer: '0', numMoves: 5, activePlayers: null },
      ...[6, 7, 8, 9].map((n) => ({ phase: 'play', turn: 0, currentPlayer: '0', numMoves: n, activePlayers: null })),
      { phase: 'draw', turn: 0, currentPlayer: '0', numMoves: 10, activePlayers: null },
      { phase: 'draw', turn: 0, currentPlayer: '0', numMoves: 11, activePlayers: null },
    ]);
    expect(s.step(1).error).toEqual({
      type: 'action/unavailable_move',
      message: 'move playCard is not allowed in phase draw: flow.phases.draw.allowedMoves is ["drawCard"]',
    });
    expect(transitions(s, 0)).toEqual([
      { type: 'phase-begin', phase: 'draw', turn: 0, cause: 'the game starts in phase draw, the first of flow.phases', automatic: true },
      {
        type: 'turn-begin',
        phase: 'draw',
        turn: 0,
        cause: 'first turn of the game (no flow.turnOrder: TurnOrder.DEFAULT)',
        automatic: true,
      },
    ]);
    expect(transitions(s, 6)).toEqual([
      { type: 'phase-end', phase: 'draw', turn: 0, cause: 'flow.phases.draw.endPhaseIf returned true', automatic: true },
      {
        type: 'phase-begin',
        phase: 'play',
        turn: 0,
        cause: 'boardgame.io 0.26.3 moves on to the next phase of flow.phases: play',
        automatic: true,
      },
    ]);
  });

  it('refuses the 0.27+ map of phases with what 0.26.3 would do', () => {
    const docSpec = {
      setup: () => ({ deck: 5, hand: 0 }),
      moves: {},
      flow: { startingPhase: 'draw', phases: { draw: { next: 'play' }, play: { next: 'draw' } } },
    };
    expect(() => new Session({ runtime: bgio026, config: core.Game(docSpec), numPlayers: 1, seed: 's' })).toThrow(
      /boardgame\.io 0\.26\.3 rejected the game config: Error: boardgame\.io 0\.26\.3 takes flow\.phases as an array of \{ name, … \}.*fails with "TypeError: Cannot read properties of undefined \(reading 'name'\)"/,
    );
    expect(() => runBare026(() => docSpec, 1, 's', [])).toThrow(/Cannot read properties of undefined \(reading 'name'\)/);
  });

  it('refuses moves that mutate G and return nothing (seed document 000’s moves), keeping the mutation', () => {
    const docMoves = (): GameConfig => ({
      ...cards(),
      moves: {
        drawCard: (G: any) => {
          G.deck--;
          G.hand++;
        },
      },
    });
    const s = check(docMoves, [move('drawCard'), move('drawCard')], 1);
    expect(s.step(1).error).toEqual({
      type: 'action/invalid_move',
      message:
        'moves.drawCard returned undefined for args []: boardgame.io 0.26.3 has no INVALID_MOVE and refuses a move that returns no G (moves must return the new G; whatever the move changed in G in place stays changed)',
    });
    // What 0.26.3 really does: the refused move's in-place change stays, the flow never hears of it.
    expect(s.stateAt(2).G).toEqual({ deck: 3, hand: 2 });
    expect(s.stateAt(2)._stateID).toBe(0);
    expect(s.step(2).ctx.numMoves).toBe(0);
  });

  it('without flow.phases runs in the implicit default phase, with endPhase disabled', () => {
    const s = check(() => ({ setup: () => ({}), moves: { m: (G: any) => G } }), [event('endPhase'), event('endTurn')]);
    expect(view(s, ['phase', 'turn', 'currentPlayer'])).toEqual([
      { phase: 'default', turn: 0, currentPlayer: '0' },
      { phase: 'default', turn: 0, currentPlayer: '0' },
      { phase: 'default', turn: 1, currentPlayer: '1' },
    ]);
    expect(transitions(s, 0)[0].cause).toBe('the game starts in phase default (no flow.phases: the implicit default phase)');
    expect(s.step(1).error).toEqual({
      type: 'client/event_disabled',
      message:
        "endPhase is disabled (endPhase is only enabled when the game has flow.phases), so boardgame.io 0.26.3's client does not offer it",
    });
    expect(s.game.enabledEvents).toEqual(['endTurn']);
  });

  const abc = (): GameConfig => ({ setup: () => ({}), moves: {}, flow: { phases: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] } });

  it('a phase that ends moves on to the next of flow.phases (there is no return to the previous phase); endPhase("C") names one', () => {
    const s = check(abc, [
      event('endPhase'),
      event('endPhase'),
      event('endPhase'),
      event('endPhase', '0', 'C'),
      event('endPhase', '0', { next: 'B' }),
    ]);
    expect(view(s, ['phase', 'turn'])).toEqual([
      { phase: 'A', turn: 0 },
      { phase: 'B', turn: 0 },
      { phase: 'C', turn: 0 },
      { phase: 'A', turn: 0 },
      { phase: 'C', turn: 0 },
      // `{ next }` is a 0.27 argument: 0.26.3 ignores it and goes round robin.
      { phase: 'A', turn: 0 },
    ]);
    expect(transitions(s, 4)[1].cause).toBe('player 0 called endPhase("C"), naming phase C');
    expect(s.step(5).ok).toBe(true);
    expect(transitions(s, 5)[1].cause).toBe(
      'boardgame.io 0.26.3 moves on to the next phase of flow.phases: A (the argument {"next":"B"} names no phase and was ignored)',
    );
    expect(logsOf(s, 5)).toEqual([
      'player 0\'s endPhase: boardgame.io 0.26.3 ignored the argument {"next":"B"}: endPhase takes a phase name here ({ next } arrived in 0.27), so it moved on to the next phase of flow.phases',
    ]);
  });

  it('notes 0.27 options that 0.26.3 ignores', () => {
    const spec = (): GameConfig => ({
      setup: () => ({}),
      moves: {},
      flow: { startingPhase: 'B', phases: [{ name: 'A', next: 'B' }, { name: 'B' }] },
    });
    const s = check(spec, []);
    expect(s.step(0).ctx.phase).toBe('A');
    expect(logsOf(s, 0)).toEqual([
      'flow.startingPhase is not a boardgame.io 0.26.3 option (it arrived in 0.27): the game starts in the first phase of flow.phases',
      'flow.phases.A.next is not a boardgame.io 0.26.3 option (it arrived in 0.27): a phase that ends moves on to the next one of flow.phases',
    ]);
  });
});

describe('boardgame.io 0.26.3: turn orders (seed document 002)', () => {
  const game =
    (flow: Record<string, unknown> = {}) =>
    (): GameConfig => ({ setup: () => ({ n: 0 }), moves: { m: (G: any) => ({ ...G, n: G.n + 1 }) }, flow });

  it('TurnOrder.DEFAULT passes the turn round robin', () => {
    const s = check(game({ turnOrder: TurnOrder.DEFAULT }), [event('endTurn'), event('endTurn', '1'), event('endTurn', '2')], 3);
    expect(view(s, ['turn', 'currentPlayer', 'playOrderPos', 'activePlayers'])).toEqual([
      { turn: 0, currentPlayer: '0', playOrderPos: 0, activePlayers: null },
      { turn: 1, currentPlayer: '1', playOrderPos: 1, activePlayers: null },
      { turn: 2, currentPlayer: '2', playOrderPos: 2, activePlayers: null },
      { turn: 3, currentPlayer: '0', playOrderPos: 0, activePlayers: null },
    ]);
    expect(transitions(s, 1)).toEqual([
      { type: 'turn-end', phase: 'default', turn: 0, cause: 'player 0 called endTurn()', automatic: false },
      { type: 'turn-begin', phase: 'default', turn: 1, cause: 'flow.turnOrder.next returned 1', automatic: true },
    ]);
  });

  it('TurnOrder.ANY passes the turn round robin and sets actionPlayers to every player', () => {
    const s = check(game({ turnOrder: TurnOrder.ANY }), [move('m', '2'), move('m', '1'), event('endTurn', '1'), event('endTurn')], 3);
    const all = { 0: null, 1: null, 2: null };
    expect(view(s, ['turn', 'currentPlayer', 'activePlayers', 'numMoves'])).toEqual([
      { turn: 0, currentPlayer: '0', activePlayers: all, numMoves: 0 },
      { turn: 0, currentPlayer: '0', activePlayers: all, numMoves: 1 },
      { turn: 0, currentPlayer: '0', activePlayers: all, numMoves: 2 },
      { turn: 0, currentPlayer: '0', activePlayers: all, numMoves: 2 },
      { turn: 1, currentPlayer: '1', activePlayers: all, numMoves: 0 },
    ]);
    expect(s.step(3).error?.type).toBe('action/inactive_player');
    expect(transitions(s, 4)[1].cause).toBe('flow.turnOrder.next returned {"actionPlayers":["0","1","2"],"playOrderPos":1}');
  });

  it('a custom turn order skips every other player', () => {
    const order = { first: () => 0, next: (_G: any, ctx: any) => (ctx.playOrderPos + 2) % ctx.numPlayers };
    const s = check(game({ turnOrder: order }), [event('endTurn'), event('endTurn', '2'), event('endTurn')], 4);
    expect(view(s, ['turn', 'currentPlayer'])).toEqual([
      { turn: 0, currentPlayer: '0' },
      { turn: 1, currentPlayer: '2' },
      { turn: 2, currentPlayer: '0' },
      { turn: 3, currentPlayer: '2' },
    ]);
    expect(s.step(0).trace.transitions[1].cause).toBe('first turn of the game (flow.turnOrder.first returned 0)');
    expect(fns(s, 1)).toEqual(['flow.turnOrder.next']);
    expect(transitions(s, 1)[1].cause).toBe('flow.turnOrder.next returned 2');
  });

  it('endTurn("3") picks the next player; endTurn({ next }) is a 0.27 form that 0.26.3 ignores', () => {
    const s = check(game(), [event('endTurn', '0', '3'), event('endTurn', '3', { next: '1' })], 4);
    expect(view(s, ['turn', 'currentPlayer'])).toEqual([
      { turn: 0, currentPlayer: '0' },
      { turn: 1, currentPlayer: '3' },
      { turn: 2, currentPlayer: '0' },
    ]);
    expect(transitions(s, 1)[1]).toMatchObject({ cause: 'player 0 called endTurn("3"), naming player 3', automatic: false });
    expect(s.step(2).ok).toBe(true);
    expect(logsOf(s, 2)).toEqual([
      'player 3\'s endTurn: boardgame.io 0.26.3 ignored the argument {"next":"1"}: endTurn takes a playerID of playOrder here ({ next } arrived in 0.27), so the turn passed in turn order',
    ]);
  });

  it('endTurnIf returning a playerID makes that player the next one', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ jump: false }),
      moves: { jump: (G: any) => ({ ...G, jump: true }), rest: (G: any) => ({ ...G, jump: false }) },
      flow: { endTurnIf: (G: any) => (G.jump ? '3' : false) },
    });
    const s = check(spec, [move('jump'), move('rest', '3')], 4);
    expect(view(s, ['turn', 'currentPlayer'])).toEqual([
      { turn: 0, currentPlayer: '0' },
      { turn: 1, currentPlayer: '3' },
      { turn: 1, currentPlayer: '3' },
    ]);
    expect(transitions(s, 1)).toEqual([
      { type: 'turn-end', phase: 'default', turn: 0, cause: "flow.endTurnIf returned '3'", automatic: true },
      { type: 'turn-begin', phase: 'default', turn: 1, cause: "flow.endTurnIf returned '3', naming player 3", automatic: true },
    ]);
  });

  it('a turn order returning { playOrderPos, actionPlayers } sets ctx.actionPlayers', () => {
    const order = {
      first: () => ({ playOrderPos: 0, actionPlayers: ['0'] }),
      next: (_G: any, ctx: any) => ({ playOrderPos: (ctx.playOrderPos + 1) % ctx.numPlayers, actionPlayers: ['0', '1'] }),
    };
    const s = check(game({ turnOrder: order }), [event('endTurn'), move('m', '0'), move('m', '2'), move('m', '1')], 3);
    expect(view(s, ['turn', 'currentPlayer', 'activePlayers', 'numMoves'])).toEqual([
      { turn: 0, currentPlayer: '0', activePlayers: null, numMoves: 0 },
      { turn: 1, currentPlayer: '1', activePlayers: { 0: null, 1: null }, numMoves: 0 },
      { turn: 1, currentPlayer: '1', activePlayers: { 0: null, 1: null }, numMoves: 1 },
      { turn: 1, currentPlayer: '1', activePlayers: { 0: null, 1: null }, numMoves: 1 },
      { turn: 1, currentPlayer: '1', activePlayers: { 0: null, 1: null }, numMoves: 2 },
    ]);
    expect(s.step(3).error).toEqual({
      type: 'action/inactive_player',
      message: 'player 2 may not move now: it is not in ctx.actionPlayers (["0","1"]); it is player 1\'s turn',
    });
    expect(transitions(s, 1)[1].cause).toBe('flow.turnOrder.next returned {"playOrderPos":1,"actionPlayers":["0","1"]}');
  });

  it('setActionPlayers({ allOthers, once }) hands the turn back to the current player once everyone else has moved', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: {
        m: (G: any) => ({ ...G, n: G.n + 1 }),
        ask: (G: any, ctx: any) => {
          ctx.events.setActionPlayers({ allOthers: true, once: true });
          return G;
        },
      },
      flow: { setActionPlayers: true },
    });
    const s = check(spec, [move('ask'), move('m', '1'), move('m', '2'), move('m', '0')], 3);
    expect(view(s, ['activePlayers'])).toEqual([
      { activePlayers: null },
      { activePlayers: { 1: null, 2: null } },
      { activePlayers: { 2: null } },
      { activePlayers: null },
      { activePlayers: null },
    ]);
    expect(eventsOf(s, 1)).toEqual([
      { fn: 'moves.ask', name: 'setActionPlayers', args: [{ allOthers: true, once: true }], outcome: 'applied' },
    ]);
    expect(s.step(4).ok).toBe(true);
  });
});

describe('boardgame.io 0.26.3: events game code calls', () => {
  it('get the release’s verdict: applied, rejected (movesPerTurn), applied with an ignored argument, dropped (refused move, throw)', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: {
        early: (G: any, ctx: any) => {
          ctx.events.endTurn();
          return { ...G, n: G.n + 1 };
        },
        nothing: (_G: any, ctx: any) => {
          ctx.events.endTurn();
        },
        boom: (G: any, ctx: any) => {
          ctx.events.endTurn();
          return G.missing.field;
        },
        odd: (G: any, ctx: any) => {
          ctx.events.endTurn({ next: '2' });
          return G;
        },
      },
      flow: { movesPerTurn: 2 },
    });
    const s = check(spec, [move('early'), move('nothing'), move('boom'), move('odd')], 3);
    expect(eventsOf(s, 1)).toEqual([
      {
        fn: 'moves.early',
        name: 'endTurn',
        args: [],
        outcome: 'rejected',
        reason: 'boardgame.io 0.26.3 ignores endTurn until flow.movesPerTurn (2) moves are made: player 0 has made 1',
      },
    ]);
    expect(s.step(2).error?.type).toBe('action/invalid_move');
    expect(eventsOf(s, 2)[0]).toMatchObject({
      outcome: 'dropped',
      reason: expect.stringMatching(/^never processed: the move was refused \(action\/invalid_move\)/),
    });
    expect(s.step(3).error?.type).toBe('flowscope/threw');
    expect(eventsOf(s, 3)[0]).toMatchObject({
      outcome: 'dropped',
      reason: 'never processed: moves.boom threw, so the whole action was discarded',
    });
    // The second move reaches movesPerTurn, so the turn ends; the queued endTurn meets player 1's new turn.
    expect(s.step(4).ctx).toMatchObject({ turn: 1, currentPlayer: '1' });
    expect(eventsOf(s, 4)[0]).toMatchObject({ outcome: 'rejected', reason: expect.stringMatching(/player 1 has made 0$/) });
  });

  it('an ignored argument is applied with a note', () => {
    const spec = (): GameConfig => ({ setup: () => ({}), moves: { odd: (G: any, ctx: any) => (ctx.events.endTurn({ next: '2' }), G) } });
    const s = check(spec, [move('odd')], 3);
    expect(s.step(1).ctx).toMatchObject({ turn: 1, currentPlayer: '1' });
    expect(eventsOf(s, 1)).toEqual([
      {
        fn: 'moves.odd',
        name: 'endTurn',
        args: [{ next: '2' }],
        outcome: 'applied',
        reason:
          'boardgame.io 0.26.3 ignored the argument {"next":"2"}: endTurn takes a playerID of playOrder here ({ next } arrived in 0.27), so the turn passed in turn order',
      },
    ]);
  });

  it('a disabled event does not exist on ctx.events: calling it throws', () => {
    const spec = (): GameConfig => ({ setup: () => ({}), moves: { win: (G: any, ctx: any) => (ctx.events.endGame(), G) } });
    const s = check(spec, [move('win')]);
    expect(s.step(1).error).toMatchObject({
      type: 'flowscope/threw',
      message: 'moves.win threw TypeError: ctx.events.endGame is not a function',
    });
  });
});

describe('boardgame.io 0.26.3: lifecycle', () => {
  it('a turn whose end also ends the phase begins without onTurnBegin', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ begun: 0 }),
      moves: {},
      flow: {
        onTurnBegin: (G: any) => ({ ...G, begun: G.begun + 1 }),
        phases: [{ name: 'one', turnOrder: TurnOrder.ONCE }, { name: 'two' }],
      },
    });
    const s = check(spec, [event('endTurn'), event('endTurn', '1')]);
    expect(view(s, ['phase', 'turn', 'currentPlayer'])).toEqual([
      { phase: 'one', turn: 0, currentPlayer: '0' },
      { phase: 'one', turn: 1, currentPlayer: '1' },
      { phase: 'two', turn: 2, currentPlayer: '1' },
    ]);
    expect(s.stateAt(2).G).toEqual({ begun: 2 });
    expect(transitions(s, 2).map((t) => `${t.type} ${t.phase}: ${t.cause}`)).toEqual([
      'turn-end one: player 1 called endTurn()',
      'phase-end one: flow.phases.one.turnOrder.next returned undefined: every player has had a turn',
      'phase-begin two: boardgame.io 0.26.3 moves on to the next phase of flow.phases: two',
      'turn-begin two: player 1 is current; boardgame.io 0.26.3 ran no onTurnBegin, since ending turn 1 also ended phase one',
    ]);
  });

  it('endGameIf ends the phase, the turn and the game', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: { inc: (G: any) => ({ ...G, n: G.n + 1 }) },
      flow: { endGameIf: (G: any) => (G.n >= 1 ? { winner: '0' } : undefined), phases: [{ name: 'A' }] },
    });
    const s = check(spec, [move('inc'), move('inc')]);
    expect(s.step(1).ctx.gameover).toEqual({ winner: '0' });
    expect(transitions(s, 1).map((t) => `${t.type}: ${t.cause}`)).toEqual([
      'phase-end: the game is ending: flow.endGameIf returned {"winner":"0"}',
      'turn-end: the game is ending: flow.endGameIf returned {"winner":"0"}',
      'game-end: flow.endGameIf returned {"winner":"0"}',
    ]);
    expect(s.step(2).error?.type).toBe('action/gameover');
  });

  it('an endGameIf that returns false ends the game: anything but undefined does', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: { inc: (G: any) => ({ n: G.n + 1 }) },
      flow: { endGameIf: (G: any) => G.n >= 3 },
    });
    const s = check(spec, [move('inc'), move('inc')]);
    expect(s.step(1).ctx.gameover).toBe(false);
    // No phase-end: without flow.phases endPhase is disabled, and a disabled event does not exist at all in 0.26.
    expect(transitions(s, 1).map((t) => t.type)).toEqual(['turn-end', 'game-end']);
    expect(transitions(s, 1)[1].cause).toBe('flow.endGameIf returned false');
    expect(s.step(2).error?.type).toBe('action/gameover');
  });

  it('disabling endPhase / endTurn also disables endPhaseIf / endTurnIf, which end things through those events', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: { inc: (G: any) => ({ n: G.n + 1 }) },
      flow: { endPhase: false, endTurn: false, endTurnIf: () => true, phases: [{ name: 'A', endPhaseIf: () => true }, { name: 'B' }] },
    });
    const s = check(spec, [move('inc')]);
    expect(s.step(1).ctx).toMatchObject({ phase: 'A', turn: 0, currentPlayer: '0' });
    expect(s.step(1).trace.transitions).toEqual([]);
    expect(logsOf(s, 1)).toEqual([
      'flow.phases.A.endPhaseIf returned true, but boardgame.io 0.26.3 did not end the phase: it ends phases through the endPhase event, which flow.endPhase: false removes',
      'flow.endTurnIf returned true, but boardgame.io 0.26.3 did not end the turn: it ends turns through the endTurn event, which flow.endTurn: false removes',
    ]);
  });

  it('traces setup, moves, hooks, triggers and turn-order functions by where they are written', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: { inc: (G: any) => ({ ...G, n: G.n + 1 }) },
      flow: {
        onTurnBegin: (G: any) => G,
        onTurnEnd: (G: any) => G,
        onMove: (G: any) => G,
        endTurnIf: () => false,
        endGameIf: () => undefined,
        turnOrder: { first: () => 0, next: (_G: any, ctx: any) => (ctx.playOrderPos + 1) % ctx.numPlayers },
        phases: [
          {
            name: 'A',
            onPhaseBegin: (G: any) => G,
            onPhaseEnd: (G: any) => G,
            endPhaseIf: () => false,
            allowedMoves: () => ['inc'],
            onMove: (G: any) => G,
          },
        ],
      },
    });
    const s = check(spec, [move('inc'), event('endTurn')]);
    expect(fns(s, 0)).toEqual([
      'setup',
      'flow.phases.A.onPhaseBegin',
      'flow.turnOrder.first',
      'flow.phases.A.allowedMoves',
      'flow.onTurnBegin',
      'flow.phases.A.allowedMoves',
    ]);
    expect(fns(s, 1)).toEqual([
      'flow.phases.A.allowedMoves',
      'moves.inc',
      'flow.phases.A.onMove',
      'flow.endGameIf',
      'flow.phases.A.endPhaseIf',
      'flow.endTurnIf',
      'flow.phases.A.allowedMoves',
    ]);
    expect(s.step(1).trace.entries.find((e) => e.fn === 'flow.phases.A.onMove')?.playerID).toBe('0');
    expect(fns(s, 2)).toEqual([
      'flow.onTurnEnd',
      'flow.endGameIf',
      'flow.turnOrder.next',
      'flow.phases.A.endPhaseIf',
      'flow.onTurnBegin',
      'flow.phases.A.allowedMoves',
    ]);
  });
});

describe('boardgame.io 0.26.3: every refusal is a step with a reason, and the state is untouched', () => {
  const base =
    (flow: () => Record<string, unknown> = () => ({})) =>
    (): GameConfig => ({
      setup: () => ({ cells: [null, null], n: 0 }),
      moves: {
        a: (G: any) => ({ ...G, n: G.n + 1 }),
        b: (G: any) => ({ ...G, n: G.n + 1 }),
        claim: (G: any, ctx: any, i: number) =>
          G.cells[i] !== null ? undefined : { ...G, cells: G.cells.map((c: unknown, j: number) => (j === i ? ctx.playerID : c)) },
        crash: (G: any) => G.missing.field,
      },
      flow: flow(),
    });
  const cases: Array<[string, () => GameConfig, FlowAction[], string, RegExp]> = [
    [
      'an unknown move',
      base(),
      [move('nope')],
      'action/unavailable_move',
      /^nope is not a move of this game \(its moves: a, b, claim, crash\)$/,
    ],
    [
      'a move allowedMoves excludes',
      base(() => ({ phases: [{ name: 'main', allowedMoves: ['a'] }] })),
      [move('b')],
      'action/unavailable_move',
      /^move b is not allowed in phase main: flow\.phases\.main\.allowedMoves is \["a"\]$/,
    ],
    [
      'a move by a player not in actionPlayers',
      base(),
      [move('a', '1')],
      'action/inactive_player',
      /^player 1 may not move now: it is not in ctx\.actionPlayers \(\["0"\]\); it is player 0's turn$/,
    ],
    [
      'an event by a player who is not current',
      base(),
      [event('endTurn', '1')],
      'action/inactive_player',
      /^player 1 may not call events now: boardgame\.io 0\.26\.3 lets only the current player \(0\) call them/,
    ],
    [
      'a move returning undefined (0.26 has no INVALID_MOVE)',
      base(),
      [move('claim', '0', 0), move('claim', '0', 0)],
      'action/invalid_move',
      /^moves\.claim returned undefined for args \[0\]: boardgame\.io 0\.26\.3 has no INVALID_MOVE/,
    ],
    [
      'a move after the game ended',
      base(() => ({ endGame: true })),
      [event('endGame', '0', 'draw'), move('a')],
      'action/gameover',
      /^the game is over \(gameover: 'draw'\)/,
    ],
    ['undo with nothing to undo', base(), [{ type: 'undo', playerID: '0' }], 'action/action_invalid', /^no moves to undo/],
    [
      'undo of a move not in undoableMoves',
      base(() => ({ undoableMoves: ['a'] })),
      [move('b'), { type: 'undo', playerID: '0' }],
      'action/action_invalid',
      /^move b cannot be undone: flow\.undoableMoves is \["a"\]$/,
    ],
    ['redo with nothing to redo', base(), [{ type: 'redo', playerID: '0' }], 'action/action_invalid', /^no moves to redo$/],
    [
      'endTurn before movesPerTurn',
      base(() => ({ movesPerTurn: 2 })),
      [move('a'), event('endTurn')],
      'flow/refused',
      /ignores endTurn until flow\.movesPerTurn \(2\) moves are made: player 0 has made 1$/,
    ],
    [
      'an event the release does not have',
      base(),
      [event('setPhase', '0', 'x')],
      'flowscope/unknown_event',
      /^setPhase is not a boardgame\.io 0\.26\.3 event: its events are endTurn, endPhase, endGame, setActionPlayers$/,
    ],
    [
      'the 0.25 event name changeActionPlayers',
      base(),
      [event('changeActionPlayers', '0', ['0'])],
      'flowscope/unknown_event',
      /^changeActionPlayers is not a boardgame\.io 0\.26\.3 event/,
    ],
    [
      'a disabled event',
      base(),
      [event('endGame')],
      'client/event_disabled',
      /^endGame is disabled \(set flow\.endGame: true to enable it\)/,
    ],
    ['a move that throws', base(), [move('crash')], 'flowscope/threw', /^moves\.crash threw TypeError/],
  ];
  for (const [what, spec, actions, type, message] of cases) {
    it(what, () => {
      const s = check(spec, actions);
      const last = s.step(s.lastIndex);
      expect(last.ok).toBe(false);
      expect(last.error?.type).toBe(type);
      expect(last.error?.message).toMatch(message);
      if (type !== 'flow/refused') {
        const before = s.stateAt(s.lastIndex - 1);
        const after = s.stateAt(s.lastIndex);
        expect({ G: after.G, ctx: after.ctx, _stateID: after._stateID }).toEqual({
          G: before.G,
          ctx: before.ctx,
          _stateID: before._stateID,
        });
      }
    });
  }

  it('undo, redo and reset do what 0.26.3 does (RESET returns the reducer’s own initial state)', () => {
    const s = check(base(), [
      move('a'),
      move('a'),
      { type: 'undo', playerID: '1' },
      { type: 'redo', playerID: '0' },
      { type: 'undo', playerID: '0' },
      { type: 'reset' },
      move('b'),
      { type: 'reset' },
    ]);
    expect(s.steps.map((r) => (r.ok ? (s.stateAt(r.index).G as any).n : r.error?.type))).toEqual([0, 1, 2, 1, 2, 1, 0, 1, 0]);
    expect(s.stateAt(8)).toEqual(s.stateAt(0));
  });
});

describe('boardgame.io 0.26.3: modules, configs, seeds', () => {
  it("Flowscope's Game is the release's, with the spec kept aside", () => {
    const spec = cards();
    const game = core.Game(spec);
    expect(Object.getOwnPropertySymbols(game)).toEqual([SPEC]);
    expect(Object.getOwnPropertyDescriptor(game, SPEC)?.enumerable).toBe(false);
    expect(Object.keys(game).sort()).toEqual(Object.keys(RealGame(cards())).sort());
    // 0.26 fills the user's phase objects with defaults; the kept copy is the original.
    expect(typeof spec.flow.phases[0].onPhaseBegin).toBe('function');
    expect(game[SPEC].flow.phases[0].onPhaseBegin).toBeUndefined();
    expect(game.moves).toBeUndefined();
    expect(Object.keys(game[SPEC].moves)).toEqual(['drawCard', 'playCard']);
  });

  it('prepare takes a plain spec as well as a Game(...) result, and refuses a foreign Game(...) result clearly', () => {
    const plain = play(bgio026, cards(), [move('drawCard')], { numPlayers: 1 });
    const wrapped = play(bgio026, core.Game(cards()), [move('drawCard')], { numPlayers: 1 });
    expect(plain.stepped).toEqual(wrapped.stepped);
    expect(() => new Session({ runtime: bgio026, config: RealGame(cards()), numPlayers: 1, seed: 's' })).toThrow(SessionError);
    expect(() => new Session({ runtime: bgio026, config: RealGame(cards()), numPlayers: 1, seed: 's' })).toThrow(
      /keeps the moves and hooks only inside closures/,
    );
  });

  it('seeds ctx._random from the session seed: same seed, same states', () => {
    const dice = (): GameConfig => ({
      setup: (ctx: any) => ({ rolls: [ctx.random.D6()] }),
      moves: { roll: (G: any, ctx: any) => ({ rolls: [...G.rolls, ctx.random.Die(20), ctx.random.Shuffle([1, 2, 3, 4, 5])] }) },
    });
    const actions = [move('roll'), move('roll'), event('endTurn'), move('roll', '1')];
    const a = check(dice, actions, 2, 'alpha');
    const b = check(dice, actions, 2, 'alpha');
    const c = check(dice, actions, 2, 'beta');
    const states = (s: Session) => s.steps.map((r) => s.stateAt(r.index).G);
    expect(states(a)).toEqual(states(b));
    expect(states(a)).not.toEqual(states(c));
    expect(a.stateAt(0).ctx._random).toMatchObject({ seed: 'alpha' });
  });

  it('setupData is not passed to setup in 0.26.3, and says so', () => {
    const s = new Session({
      runtime: bgio026,
      config: { setup: (_ctx: any, data: any) => ({ data: data ?? null }), moves: {} },
      numPlayers: 2,
      seed: 's',
      setupData: { size: 3 },
    });
    expect(s.currentState.G).toEqual({ data: null });
    expect(logsOf(s, 0)).toEqual(['boardgame.io 0.26.3 calls setup(ctx) with no setupData: the setup data is ignored']);
  });

  it('enabledEvents, availableMoves, isPlayerActive and enumerate', () => {
    const spec = (flow: Record<string, unknown>): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: { a: (G: any) => G, b: (G: any) => G },
      ai: { enumerate: (_G: any, ctx: any, playerID: string) => [{ move: 'a', args: [playerID, ctx.turn] }] },
      flow,
    });
    const s1 = new Session({ runtime: bgio026, config: spec({}), numPlayers: 2, seed: 's' });
    expect(s1.game.enabledEvents).toEqual(['endTurn']);
    expect(s1.game.enumerate(s1.currentState, '0')).toEqual([{ move: 'a', args: ['0', 0] }]);
    const s2 = new Session({
      runtime: bgio026,
      config: spec({ endGame: true, setActionPlayers: true, phases: [{ name: 'p', allowedMoves: () => ['b'] }] }),
      numPlayers: 2,
      seed: 's',
    });
    expect(s2.game.enabledEvents).toEqual(['endTurn', 'endPhase', 'endGame', 'setActionPlayers']);
    expect(s2.game.availableMoves(s2.currentState, '0')).toEqual(['b']);
    expect(s2.game.availableMoves(s2.currentState, '1')).toEqual([]);
    expect(s2.game.isPlayerActive(s2.currentState, '1')).toBe(false);
    expect(fns(s2, 0)).toEqual(['setup', 'flow.phases.p.allowedMoves', 'flow.phases.p.allowedMoves']);
    expect(
      new Session({ runtime: bgio026, config: { moves: {} }, numPlayers: 2, seed: 's' }).game.enumerate(s2.currentState, '0'),
    ).toBeNull();
  });

  it('is registered as the flow-era release 0.26.3, oldest first', async () => {
    const { loadRuntime, RUNTIMES, runtimeByVersion } = await import('../registry');
    expect(bgio026).toMatchObject({ version: '0.26.3', era: 'flow' });
    expect(RUNTIMES[0]).toEqual({ version: bgio026.version, era: bgio026.era });
    expect(runtimeByVersion('0.26.1')).toBe(RUNTIMES[0]);
    expect(runtimeByVersion('~0.20.0')).toBe(RUNTIMES[0]);
    expect(await loadRuntime(RUNTIMES[0])).toBe(bgio026);
  });
});
