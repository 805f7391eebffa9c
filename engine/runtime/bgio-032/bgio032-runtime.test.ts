import { Game as RealGame, InitializeGame as RealInitializeGame } from 'bgio-0.32/dist/core.js';
import { describe, expect, it } from 'vitest';
import { Session, SessionError } from '../../session/session';
import type { Transition } from '../../trace/types';
import type { FlowAction, FlowCtx, GameConfig } from '../../types';
import { event, move, play, seekAll } from '../../testing/flow-harness';
import { SPEC } from '../flow-era/spec';
import { runBare032 } from '../../testing/bare-reducer';
import { bgio032 } from './bgio032-runtime';
import { flowActionSchema } from '../../schema/action-schema';

const core = bgio032.modules['boardgame.io/core'] as Record<string, any>;
const { TurnOrder, INVALID_MOVE } = core;

/**
 * Plays `actions` in a session on a `Game(...)` made with Flowscope's `boardgame.io/core`, and
 * checks that every state equals the bare 0.32.1 reducer's and what seeking re-derives.
 */
function check(makeSpec: () => GameConfig, actions: FlowAction[], numPlayers = 2, seed = 'seed'): Session {
  const run = play(bgio032, core.Game(makeSpec()), actions, { numPlayers, seed });
  // Events the client would not offer never reach the reducer in a session: the bare run skips them.
  const offered = (i: number) => !CLIENT_REFUSALS.has(run.session.step(i + 1).error?.type ?? '');
  const bare = runBare032(
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

const CLIENT_REFUSALS = new Set(['flowscope/unknown_event', 'client/event_disabled']);

const view = (s: Session, keys: Array<keyof FlowCtx>) =>
  s.steps.map((r) => Object.fromEntries(keys.map((k) => [k, r.ctx[k]])) as Partial<FlowCtx>);
const fns = (s: Session, i: number) => s.step(i).trace.entries.map((e) => e.fn);
const transitions = (s: Session, i: number) =>
  s
    .step(i)
    .trace.transitions.map((t: Transition) => ({ type: t.type, phase: t.phase, turn: t.turn, cause: t.cause, automatic: t.automatic }));
const eventsOf = (s: Session, i: number) => s.step(i).trace.entries.flatMap((e) => e.events.map((ev) => ({ fn: e.fn, ...ev })));

// Seed document 000: the card game, single player.
const cards = (): GameConfig => ({
  setup: () => ({ deck: 5, hand: 0 }),
  moves: {
    drawCard: (G: any) => {
      G.deck--;
      G.hand++;
    },
    playCard: (G: any) => {
      G.deck++;
      G.hand--;
    },
  },
  flow: {
    startingPhase: 'draw',
    phases: {
      draw: { allowedMoves: ['drawCard'], endPhaseIf: (G: any) => G.deck <= 0, next: 'play' },
      play: { allowedMoves: ['playCard'], endPhaseIf: (G: any) => G.hand <= 0, next: 'draw' },
    },
  },
});

describe('boardgame.io 0.32.1: phases (seed document 000)', () => {
  it('cycles draw ↔ play through allowedMoves, endPhaseIf and next', () => {
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
    expect(s.stateAt(6).G).toEqual({ deck: 0, hand: 5 });
    expect(s.step(1).error).toEqual({
      type: 'action/unavailable_move',
      message: 'move playCard is not allowed in phase draw: flow.phases.draw.allowedMoves is ["drawCard"]',
    });
    expect(s.step(7).error?.type).toBe('action/unavailable_move');
    expect(fns(s, 6)).toEqual(['moves.drawCard', 'flow.phases.draw.endPhaseIf', 'flow.phases.play.endPhaseIf']);
    expect(s.step(6).trace.entries[1].returned).toBe(true);
    expect(transitions(s, 6)).toEqual([
      { type: 'phase-end', phase: 'draw', turn: 0, cause: 'flow.phases.draw.endPhaseIf returned true', automatic: true },
      { type: 'phase-begin', phase: 'play', turn: 0, cause: "flow.phases.draw.next is 'play'", automatic: true },
    ]);
    expect(transitions(s, 0)).toEqual([
      { type: 'phase-begin', phase: 'draw', turn: 0, cause: 'the game starts in phase draw (flow.startingPhase)', automatic: true },
      {
        type: 'turn-begin',
        phase: 'draw',
        turn: 0,
        cause: 'first turn of the game (no flow.turnOrder: TurnOrder.DEFAULT)',
        automatic: true,
      },
    ]);
  });

  const abc = (): GameConfig => ({ setup: () => ({}), moves: { noop: (G: any) => G }, flow: { phases: { A: {}, B: {} } } });

  it('starts in the implicit default phase, and a phase without next returns to the previous one', () => {
    const s = check(abc, [
      event('endPhase'),
      event('endPhase', '0', { next: 'A' }),
      event('endPhase', '0', { next: 'B' }),
      event('endPhase'),
      event('endPhase'),
    ]);
    expect(view(s, ['phase', 'turn', 'currentPlayer'])).toEqual([
      { phase: 'default', turn: 0, currentPlayer: '0' },
      { phase: 'default', turn: 0, currentPlayer: '0' },
      { phase: 'A', turn: 0, currentPlayer: '0' },
      { phase: 'B', turn: 0, currentPlayer: '0' },
      { phase: 'A', turn: 0, currentPlayer: '0' },
      // "previous" is only the last phase: A and B now bounce back and forth.
      { phase: 'B', turn: 0, currentPlayer: '0' },
    ]);
    expect(transitions(s, 0)[0].cause).toBe('the game starts in the implicit phase default (no flow.startingPhase)');
    expect(transitions(s, 1)).toEqual([
      { type: 'phase-end', phase: 'default', turn: 0, cause: 'player 0 called endPhase()', automatic: false },
      {
        type: 'phase-begin',
        phase: 'default',
        turn: 0,
        cause: 'the implicit default phase has no next, so boardgame.io 0.32.1 returns to the previous phase, default',
        automatic: false,
      },
    ]);
    expect(transitions(s, 2)[1].cause).toBe('player 0 called endPhase({"next":"A"}), asking for phase A');
    expect(transitions(s, 4)[1].cause).toBe('flow.phases.B has no next, so boardgame.io 0.32.1 returns to the previous phase, A');
    // Phases do not end turns here: no turn boundary in any of these steps.
    for (let i = 1; i < s.length; i++) expect(s.step(i).trace.transitions.map((t) => t.type)).toEqual(['phase-end', 'phase-begin']);
  });

  it('a player’s setActionPlayers (with flow.setActionPlayers) is a replayable action, and the transitions name it for both players', () => {
    const spec = (): GameConfig => ({ moves: { A: (G: any) => G }, flow: { setActionPlayers: true } });
    const action = flowActionSchema.parse({ type: 'event', name: 'setActionPlayers', args: [['1']], playerID: '0' });
    const s = check(spec, [action, move('A', '1'), move('A', '0')]);
    expect(s.steps.map((r) => r.ok)).toEqual([true, true, true, false]);
    expect(
      s
        .step(1)
        .trace.transitions.filter((t) => t.type === 'stage')
        .map((t) => [t.player, t.from, t.to, t.cause]),
    ).toEqual([
      ['0', null, undefined, 'player 0 called setActionPlayers(["1"])'],
      ['1', undefined, null, 'player 0 called setActionPlayers(["1"])'],
    ]);
  });

  it('a startingPhase that names no phase: the game is not created, with what 0.32.1 would do (it starts there and fails on every move)', () => {
    const spec: GameConfig = { moves: { A: (G: any) => G }, flow: { startingPhase: 'A', phases: { B: {} } } };
    expect(() => new Session({ runtime: bgio032, config: spec, numPlayers: 2, seed: 'x' })).toThrow(
      /^creating the game failed: Error: flow.startingPhase 'A' is not a phase of flow.phases \(its phases: B\): boardgame.io 0.32.1 logs "invalid startingPhase"/,
    );
  });

  it('endPhase({ next }) with a phase that does not exist is logged as an error but still restarts the phase: accepted, with a warning', () => {
    const s = check(abc, [event('endPhase', '0', { next: 'A' }), event('endPhase', '0', { next: 'zzz' })]);
    expect(s.step(2).ctx.phase).toBe('A');
    expect(s.step(2).error).toBeNull();
    expect(s.step(2).trace.logs).toContainEqual({
      level: 'warn',
      source: 'flowscope',
      text: 'player 0\'s endPhase: boardgame.io 0.32.1 rejected the argument {"next":"zzz"} (it takes { next: phaseName } naming a phase, and logs "invalid argument to endPhase"); phase A still ended, and began again',
    });
    expect(transitions(s, 2).map((t) => [t.type, t.phase])).toEqual([
      ['phase-end', 'A'],
      ['phase-begin', 'A'],
    ]);
    expect(transitions(s, 2)[1].cause).toMatch(/whose argument names no phase .* so phase A began again/);
    expect(s.stateAt(2)._stateID).toBe(2);
  });

  it('endPhaseIf returning { next } picks the next phase', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ go: false }),
      moves: { go: (G: any) => void (G.go = true) },
      flow: { startingPhase: 'A', phases: { A: { endPhaseIf: (G: any) => (G.go ? { next: 'C' } : undefined), next: 'B' }, B: {}, C: {} } },
    });
    const s = check(spec, [move('go')]);
    expect(s.step(1).ctx.phase).toBe('C');
    expect(transitions(s, 1)[1].cause).toBe('flow.phases.A.endPhaseIf returned {"next":"C"}, asking for phase C');
  });
});

describe('boardgame.io 0.32.1: turn orders (seed document 002)', () => {
  const game =
    (flow: Record<string, unknown> = {}) =>
    (): GameConfig => ({ setup: () => ({ n: 0 }), moves: { m: (G: any) => void G.n++ }, flow });

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

  it('TurnOrder.ANY keeps the turn with one player and lets every player move', () => {
    const s = check(game({ turnOrder: TurnOrder.ANY }), [move('m', '2'), move('m', '1'), event('endTurn', '1'), event('endTurn')], 3);
    const all = { 0: null, 1: null, 2: null };
    expect(view(s, ['turn', 'currentPlayer', 'activePlayers', 'numMoves'])).toEqual([
      { turn: 0, currentPlayer: '0', activePlayers: all, numMoves: 0 },
      { turn: 0, currentPlayer: '0', activePlayers: all, numMoves: 1 },
      { turn: 0, currentPlayer: '0', activePlayers: all, numMoves: 2 },
      { turn: 0, currentPlayer: '0', activePlayers: all, numMoves: 2 },
      // 0.32's ANY: `next` returns the same playOrderPos.
      { turn: 1, currentPlayer: '0', activePlayers: all, numMoves: 0 },
    ]);
    expect(s.step(3).error?.type).toBe('action/inactive_player');
    expect(s.step(3).error?.message).toMatch(/only the current player \(0\) call them/);
  });

  it("a phase's turn order gives or takes away action within the turn, and the stage transitions say so", () => {
    const phases = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: { m: (G: any) => void G.n++ },
      flow: { startingPhase: 'gather', phases: { gather: { turnOrder: TurnOrder.ANY, next: 'play' }, play: { next: 'gather' } } },
    });
    const s = check(phases, [event('endPhase'), event('endPhase')], 3);
    expect(view(s, ['phase', 'turn', 'activePlayers'])).toEqual([
      { phase: 'gather', turn: 0, activePlayers: { 0: null, 1: null, 2: null } },
      { phase: 'play', turn: 0, activePlayers: null },
      { phase: 'gather', turn: 0, activePlayers: { 0: null, 1: null, 2: null } },
    ]);
    const stages = (i: number) =>
      s
        .step(i)
        .trace.transitions.filter((t) => t.type === 'stage')
        .map((t) => `player ${t.player}: ${t.cause}`);
    expect(stages(1)).toEqual([
      'player 1: phase play began, and its turn order set who may act',
      'player 2: phase play began, and its turn order set who may act',
    ]);
    expect(stages(2)).toEqual([
      'player 1: phase gather began, and its turn order set who may act',
      'player 2: phase gather began, and its turn order set who may act',
    ]);
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
    expect(fns(s, 0)).toContain('flow.turnOrder.first');
    expect(s.step(0).trace.transitions[1].cause).toBe('first turn of the game (flow.turnOrder.first returned 0)');
    expect(fns(s, 1)).toEqual(['flow.turnOrder.next']);
    expect(s.step(1).trace.entries[0].returned).toBe(2);
    expect(transitions(s, 1)[1].cause).toBe('flow.turnOrder.next returned 2');
  });

  it('who may act when a phase begins with a new turn is set by its turn order’s actionPlayers, and the stage transitions say so (no turn.onBegin here)', () => {
    const spec = (): GameConfig => ({
      setup: () => ({}),
      moves: { m: (G: any) => G },
      flow: {
        startingPhase: 'a',
        phases: {
          a: { next: 'b', onTurnEnd: (G: any, ctx: any) => (ctx.events.endPhase(), G) },
          b: {
            next: 'a',
            turnOrder: {
              first: () => 0,
              next: (_G: any, ctx: any) => (ctx.playOrderPos + 1) % ctx.numPlayers,
              actionPlayers: { value: () => ['0', '2'] },
            },
          },
        },
      },
    });
    // The turn ends, its onTurnEnd ends the phase: a new turn and a new phase begin in one step.
    const s = check(spec, [event('endTurn', '0')], 3);
    expect(s.step(1).trace.transitions.map((t) => t.type)).toEqual(expect.arrayContaining(['turn-begin', 'phase-begin']));
    const stages = s.step(1).trace.transitions.filter((t) => t.type === 'stage');
    expect(stages.map((t) => t.player)).toEqual(['2']);
    for (const t of stages) expect(t.cause).toBe('phase b began, and its turn order set who may act');
  });

  it('endTurn({ next: "3" }) picks the next player; endTurn("1") is logged as an error, and the turn ends with the same player', () => {
    const s = check(game(), [event('endTurn', '0', { next: '3' }), event('endTurn', '3', '1')], 4);
    expect(view(s, ['turn', 'currentPlayer'])).toEqual([
      { turn: 0, currentPlayer: '0' },
      { turn: 1, currentPlayer: '3' },
      { turn: 2, currentPlayer: '3' },
    ]);
    expect(transitions(s, 1)[1]).toMatchObject({ cause: 'player 0 called endTurn({"next":"3"}), naming player 3', automatic: false });
    expect(s.step(2).error).toBeNull();
    expect(s.step(2).trace.logs).toContainEqual({
      level: 'warn',
      source: 'flowscope',
      text: "player 3's endTurn: boardgame.io 0.32.1 rejected the argument '1' (it takes { next: playerID } naming a player of playOrder, and logs \"invalid argument to endTurn\"); the turn still ended and player 3 plays on",
    });
    expect(transitions(s, 2)[1].cause).toMatch(
      /player 3 called endTurn\("1"\), whose argument names no player of playOrder .* so player 3 plays again/,
    );
  });

  it('endTurnIf returning { next } picks the next player; returning a bare playerID (0.26 style) does not', () => {
    const jump = (value: unknown) => (): GameConfig => ({
      setup: () => ({ jump: false }),
      moves: { jump: (G: any) => void (G.jump = true), rest: (G: any) => void (G.jump = false) },
      flow: { endTurnIf: (G: any) => (G.jump ? value : false) },
    });
    const s = check(jump({ next: '3' }), [move('jump'), move('rest', '3')], 4);
    expect(view(s, ['turn', 'currentPlayer'])).toEqual([
      { turn: 0, currentPlayer: '0' },
      { turn: 1, currentPlayer: '3' },
      { turn: 1, currentPlayer: '3' },
    ]);
    expect(transitions(s, 1)).toEqual([
      { type: 'turn-end', phase: 'default', turn: 0, cause: 'flow.endTurnIf returned {"next":"3"}', automatic: true },
      { type: 'turn-begin', phase: 'default', turn: 1, cause: 'flow.endTurnIf returned {"next":"3"}, naming player 3', automatic: true },
    ]);
    const old = check(jump('3'), [move('jump')], 4);
    expect(view(old, ['turn', 'currentPlayer'])[1]).toEqual({ turn: 1, currentPlayer: '0' });
    expect(transitions(old, 1)[1].cause).toMatch(/^flow\.endTurnIf returned '3', whose argument names no player of playOrder/);
  });

  it('a turn order actionPlayers section and the setActionPlayers event set ctx.actionPlayers', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: {
        m: (G: any) => void G.n++,
        ask: (_G: any, ctx: any) => ctx.events.setActionPlayers({ others: true, once: true }),
      },
      flow: { setActionPlayers: true, turnOrder: { ...TurnOrder.DEFAULT, actionPlayers: { value: () => ['0', '2'] } } },
    });
    const s = check(spec, [move('m', '2'), move('ask'), move('m', '1'), move('m', '2'), move('m', '0'), event('endTurn')], 3);
    expect(view(s, ['turn', 'currentPlayer', 'activePlayers'])).toEqual([
      { turn: 0, currentPlayer: '0', activePlayers: { 0: null, 2: null } },
      { turn: 0, currentPlayer: '0', activePlayers: { 0: null, 2: null } },
      { turn: 0, currentPlayer: '0', activePlayers: { 1: null, 2: null } },
      { turn: 0, currentPlayer: '0', activePlayers: { 2: null } },
      // `once` empties actionPlayers; 0.32 does not hand the turn back to the current player.
      { turn: 0, currentPlayer: '0', activePlayers: {} },
      { turn: 0, currentPlayer: '0', activePlayers: {} },
      { turn: 0, currentPlayer: '0', activePlayers: {} },
    ]);
    expect(fns(s, 0)).toContain('flow.turnOrder.actionPlayers.value');
    expect(eventsOf(s, 2)).toEqual([
      { fn: 'moves.ask', name: 'setActionPlayers', args: [{ others: true, once: true }], outcome: 'applied' },
    ]);
    expect(s.step(5).error?.type).toBe('action/inactive_player');
    expect(s.step(6).error?.message).toMatch(/may not call events now/);
  });
});

describe('boardgame.io 0.32.1: events game code calls', () => {
  it('are applied after the move and its automatic consequences, even ending the next turn too', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: {
        inc: (G: any, ctx: any) => {
          G.n++;
          ctx.events.endTurn();
        },
      },
      flow: { endTurnIf: (G: any) => G.n === 1 },
    });
    const s = check(spec, [move('inc')], 3);
    expect(s.step(1).ctx).toMatchObject({ turn: 2, currentPlayer: '2' });
    expect(eventsOf(s, 1)).toEqual([{ fn: 'moves.inc', name: 'endTurn', args: [], outcome: 'applied' }]);
    expect(transitions(s, 1).map((t) => `${t.type} ${t.turn}: ${t.cause}`)).toEqual([
      'turn-end 0: flow.endTurnIf returned true',
      'turn-begin 1: the turn passed in turn order (no flow.turnOrder: TurnOrder.DEFAULT)',
      'turn-end 1: moves.inc called endTurn()',
      'turn-begin 2: the turn passed in turn order (no flow.turnOrder: TurnOrder.DEFAULT)',
    ]);
  });

  it('with a bad argument are applied with the release’s logged error as a warning, since the turn still ends', () => {
    const spec = (): GameConfig => ({ setup: () => ({}), moves: { bad: (_G: any, ctx: any) => ctx.events.endTurn({ next: '9' }) } });
    const s = check(spec, [move('bad')], 3);
    expect(s.step(1).ok).toBe(true);
    expect(s.step(1).ctx).toMatchObject({ turn: 1, currentPlayer: '0' });
    expect(eventsOf(s, 1)).toEqual([
      {
        fn: 'moves.bad',
        name: 'endTurn',
        args: [{ next: '9' }],
        outcome: 'applied',
        warning:
          'boardgame.io 0.32.1 rejected the argument {"next":"9"} (it takes { next: playerID } naming a player of playOrder, and logs "invalid argument to endTurn"); the turn still ended and player 0 plays on',
      },
    ]);
    expect(s.step(1).diagnostics.map((d) => [d.code, d.severity])).toEqual([['event-warning', 'warning']]);
    expect(transitions(s, 1)[1].cause).toMatch(/^moves\.bad called endTurn\(\{"next":"9"\}\), whose argument names no player of playOrder/);
  });

  it('get the release’s verdict: applied, rejected (movesPerTurn) or dropped (INVALID_MOVE, a throw)', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: {
        early: (G: any, ctx: any) => {
          G.n++;
          ctx.events.endTurn();
        },
        bad: (_G: any, ctx: any) => ctx.events.endTurn({ next: '9' }),
        invalid: (_G: any, ctx: any) => {
          ctx.events.endTurn();
          return INVALID_MOVE;
        },
        boom: (G: any, ctx: any) => {
          ctx.events.endPhase();
          return G.missing.field;
        },
      },
      flow: { movesPerTurn: 2 },
    });
    const s = check(spec, [move('early'), move('invalid'), move('boom'), move('bad')], 3);
    expect(s.step(1).ok).toBe(true);
    expect(eventsOf(s, 1)).toEqual([
      {
        fn: 'moves.early',
        name: 'endTurn',
        args: [],
        outcome: 'rejected',
        reason: 'boardgame.io 0.32.1 ignores endTurn until flow.movesPerTurn (2) moves are made: player 0 has made 1',
      },
    ]);
    expect(s.step(2).error?.type).toBe('action/invalid_move');
    expect(eventsOf(s, 2)[0]).toMatchObject({
      outcome: 'dropped',
      reason: 'never processed: the move was refused (action/invalid_move), and boardgame.io 0.32.1 drops the events of a refused move',
    });
    expect(s.step(3).error).toMatchObject({ type: 'flowscope/threw', message: expect.stringMatching(/^moves\.boom threw TypeError/) });
    expect(eventsOf(s, 3)[0]).toMatchObject({
      name: 'endPhase',
      outcome: 'dropped',
      reason: 'never processed: moves.boom threw, so the whole action was discarded',
    });
    // The second move reaches movesPerTurn and the turn ends; its queued endTurn then meets
    // player 1's new turn, where no move has been made yet.
    expect(s.step(4).ctx).toMatchObject({ turn: 1, currentPlayer: '1' });
    expect(transitions(s, 4)[0].cause).toBe('flow.movesPerTurn (2) reached: player 0 made 2 moves this turn');
    expect(eventsOf(s, 4)[0]).toMatchObject({
      name: 'endTurn',
      outcome: 'rejected',
      reason: 'boardgame.io 0.32.1 ignores endTurn until flow.movesPerTurn (2) moves are made: player 1 has made 0',
    });
  });

  it('a disabled event is still applied when game code calls it, and events after the game’s end are processed too', () => {
    const spec = (): GameConfig => ({
      setup: () => ({}),
      moves: {
        win: (_G: any, ctx: any) => {
          ctx.events.endGame({ winner: ctx.playerID });
          ctx.events.endTurn();
        },
      },
    });
    const s = check(spec, [move('win'), move('win', '1')], 2);
    expect(s.step(1).ctx).toMatchObject({ gameover: { winner: '0' }, turn: 1, currentPlayer: '1' });
    expect(eventsOf(s, 1)).toEqual([
      { fn: 'moves.win', name: 'endGame', args: [{ winner: '0' }], outcome: 'applied' },
      {
        fn: 'moves.win',
        name: 'endTurn',
        args: [],
        outcome: 'applied',
        reason: 'the game was already over (gameover: {"winner":"0"}), but boardgame.io 0.32.1 processes events regardless',
      },
    ]);
    expect(transitions(s, 1).map((t) => t.type)).toEqual(['game-end', 'turn-end', 'turn-begin']);
    expect(transitions(s, 1)[0].cause).toBe('moves.win called endGame({"winner":"0"})');
    expect(s.step(2).error).toMatchObject({ type: 'action/gameover' });
  });

  it('an event called in a hook is traced under the hook', () => {
    const spec = (): GameConfig => ({
      setup: () => ({}),
      moves: {},
      flow: {
        startingPhase: 'A',
        onTurnBegin: (G: any, ctx: any) => {
          if (ctx.turn === 1) ctx.events.endPhase({ next: 'B' });
          return G;
        },
        phases: { A: {}, B: {} },
      },
    });
    const s = check(spec, [event('endTurn')]);
    expect(s.step(1).ctx.phase).toBe('B');
    expect(eventsOf(s, 1)).toEqual([{ fn: 'flow.onTurnBegin', name: 'endPhase', args: [{ next: 'B' }], outcome: 'applied' }]);
    expect(transitions(s, 1).map((t) => `${t.type}: ${t.cause}`)).toEqual([
      'turn-end: player 0 called endTurn()',
      'turn-begin: the turn passed in turn order (no flow.turnOrder: TurnOrder.DEFAULT)',
      'phase-end: flow.onTurnBegin called endPhase({"next":"B"})',
      'phase-begin: flow.onTurnBegin called endPhase({"next":"B"}), asking for phase B',
    ]);
  });
});

describe('boardgame.io 0.32.1: lifecycle', () => {
  it('a turn whose end also ends the phase begins without onTurnBegin', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ begun: 0 }),
      moves: {},
      flow: {
        startingPhase: 'one',
        onTurnBegin: (G: any) => ({ ...G, begun: G.begun + 1 }),
        phases: { one: { turnOrder: TurnOrder.ONCE, next: 'two' }, two: {} },
      },
    });
    const s = check(spec, [event('endTurn'), event('endTurn', '1')]);
    expect(view(s, ['phase', 'turn', 'currentPlayer'])).toEqual([
      { phase: 'one', turn: 0, currentPlayer: '0' },
      { phase: 'one', turn: 1, currentPlayer: '1' },
      { phase: 'two', turn: 2, currentPlayer: '1' },
    ]);
    expect(s.stateAt(2).G).toEqual({ begun: 2 });
    expect(fns(s, 2)).toEqual(['flow.phases.one.turnOrder.next']);
    expect(transitions(s, 2)).toEqual([
      { type: 'turn-end', phase: 'one', turn: 1, cause: 'player 1 called endTurn()', automatic: false },
      {
        type: 'phase-end',
        phase: 'one',
        turn: 2,
        cause: 'flow.phases.one.turnOrder.next returned undefined: every player has had a turn',
        automatic: true,
      },
      { type: 'phase-begin', phase: 'two', turn: 2, cause: "flow.phases.one.next is 'two'", automatic: true },
      {
        type: 'turn-begin',
        phase: 'two',
        turn: 2,
        cause: 'player 1 is current; boardgame.io 0.32.1 ran no onTurnBegin, since ending turn 1 also ended phase one',
        automatic: true,
      },
    ]);
  });

  it('a cycle of phase endings is broken by going to the default phase', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ go: false }),
      moves: { go: (G: any) => void (G.go = true) },
      flow: {
        startingPhase: 'A',
        phases: { A: { endPhaseIf: (G: any) => G.go, next: 'B' }, B: { endPhaseIf: (G: any) => G.go, next: 'A' } },
      },
    });
    const s = check(spec, [move('go')]);
    expect(s.step(1).ctx.phase).toBe('default');
    expect(transitions(s, 1).map((t) => `${t.type} ${t.phase}: ${t.cause}`)).toEqual([
      'phase-end A: flow.phases.A.endPhaseIf returned true',
      "phase-begin B: flow.phases.A.next is 'B'",
      'phase-end B: flow.phases.B.endPhaseIf returned true',
      "phase-begin A: flow.phases.B.next is 'A'",
      'phase-end A: flow.phases.A.endPhaseIf returned true',
      "phase-begin B: flow.phases.A.next is 'B'",
      'phase-end B: phase B began twice in one chain of phase endings, so boardgame.io 0.32.1 breaks the cycle',
      'phase-begin default: phase B began twice in one chain of phase endings, so boardgame.io 0.32.1 breaks the cycle by going to the default phase',
    ]);
  });

  it('a new phase may change the current player within the turn, which is noted', () => {
    const spec = (): GameConfig => ({
      setup: () => ({}),
      moves: {},
      flow: {
        phases: { A: {}, B: { turnOrder: { first: () => 0, next: (_G: any, ctx: any) => (ctx.playOrderPos + 1) % ctx.numPlayers } } },
      },
    });
    const s = check(spec, [event('endTurn'), event('endPhase', '1', { next: 'B' })]);
    expect(view(s, ['phase', 'turn', 'currentPlayer'])[2]).toEqual({ phase: 'B', turn: 1, currentPlayer: '0' });
    expect(transitions(s, 2).map((t) => t.type)).toEqual(['phase-end', 'phase-begin']);
    expect(s.step(2).trace.logs).toEqual([
      {
        level: 'info',
        source: 'flowscope',
        text: 'player 0 is now the current player within turn 1: phase B began and its turn order picked player 0 (in boardgame.io 0.32.1 a new phase does not start a new turn)',
      },
    ]);
  });

  it('events called while the game is created change ctx but their hooks’ changes to G are lost', () => {
    const spec = (): GameConfig => ({
      setup: (ctx: any) => {
        ctx.events.endTurn();
        return { begun: 0 };
      },
      moves: {},
      flow: { onTurnBegin: (G: any) => ({ begun: G.begun + 1 }) },
    });
    const s = check(spec, []);
    expect(s.step(0).ctx).toMatchObject({ turn: 1, currentPlayer: '1' });
    expect(s.stateAt(0).G).toEqual({ begun: 1 });
    expect(eventsOf(s, 0)).toEqual([{ fn: 'setup', name: 'endTurn', args: [], outcome: 'applied' }]);
    expect(fns(s, 0)).toEqual(['setup', 'flow.onTurnBegin', 'flow.onTurnBegin']);
    expect(s.step(0).trace.logs.map((l) => l.text)).toEqual([
      "boardgame.io 0.32.1 keeps the ctx but not the G of the events processed while the game is created (it takes G before processing them): their hooks' changes to G are lost",
    ]);
  });

  it('endGameIf ends the phase, the turn and the game', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: { inc: (G: any) => void G.n++ },
      flow: { endGameIf: (G: any) => (G.n >= 2 ? { winner: '0' } : undefined), phases: { A: {} }, startingPhase: 'A' },
    });
    const s = check(spec, [move('inc'), move('inc'), move('inc')]);
    expect(s.step(2).ctx.gameover).toEqual({ winner: '0' });
    expect(transitions(s, 2)).toEqual([
      { type: 'phase-end', phase: 'A', turn: 0, cause: 'the game is ending: flow.endGameIf returned {"winner":"0"}', automatic: true },
      { type: 'turn-end', phase: 'A', turn: 0, cause: 'the game is ending: flow.endGameIf returned {"winner":"0"}', automatic: true },
      { type: 'game-end', phase: 'A', turn: 0, cause: 'flow.endGameIf returned {"winner":"0"}', automatic: true },
    ]);
    expect(s.step(3).error).toEqual({
      type: 'action/gameover',
      message: 'the game is over (gameover: {"winner":"0"}), and boardgame.io 0.32.1 refuses every move then',
    });
  });

  it('an endGameIf that returns false ends the game: anything but undefined does', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: { inc: (G: any) => void G.n++ },
      flow: { endGameIf: (G: any) => G.n >= 3 },
    });
    const s = check(spec, [move('inc'), move('inc')]);
    expect(s.step(1).ctx.gameover).toBe(false);
    expect(transitions(s, 1).map((t) => `${t.type}: ${t.cause}`)).toEqual([
      'phase-end: the game is ending: flow.endGameIf returned false',
      'turn-end: the game is ending: flow.endGameIf returned false',
      'game-end: flow.endGameIf returned false',
    ]);
    expect(s.step(2).error?.type).toBe('action/gameover');
  });

  it('traces setup, moves, hooks, triggers and turn-order functions by where they are written', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: { inc: (G: any) => void G.n++ },
      flow: {
        startingPhase: 'A',
        onTurnBegin: (G: any) => G,
        onTurnEnd: (G: any) => G,
        onMove: (G: any) => G,
        endTurnIf: () => false,
        endGameIf: () => undefined,
        turnOrder: { first: () => 0, next: (_G: any, ctx: any) => (ctx.playOrderPos + 1) % ctx.numPlayers },
        phases: {
          A: {
            onPhaseBegin: (G: any) => G,
            onPhaseEnd: (G: any) => G,
            endPhaseIf: () => false,
            allowedMoves: () => ['inc'],
            onMove: (G: any) => G,
            next: 'A',
          },
        },
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
    expect(s.step(1).trace.entries.find((e) => e.fn === 'moves.inc')?.playerID).toBe('0');
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

describe('boardgame.io 0.32.1: every refusal is a step with a reason, and the state is untouched', () => {
  const base =
    (flow: Record<string, unknown> | (() => Record<string, unknown>) = {}) =>
    (): GameConfig => ({
      setup: () => ({ cells: [null, null], n: 0 }),
      moves: {
        a: (G: any) => void G.n++,
        b: (G: any) => void G.n++,
        claim: (G: any, ctx: any, i: number) => {
          if (G.cells[i] !== null) return INVALID_MOVE;
          G.cells[i] = ctx.playerID;
        },
        crash: (G: any) => G.missing.field,
      },
      flow: typeof flow === 'function' ? flow() : { ...flow },
    });
  const phased = () => ({ startingPhase: 'main', phases: { main: { allowedMoves: ['a', 'claim', 'crash'] } } });
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
      base(phased),
      [move('b')],
      'action/unavailable_move',
      /^move b is not allowed in phase main: flow\.phases\.main\.allowedMoves is \["a","claim","crash"\]$/,
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
      /^player 1 may not call events now/,
    ],
    [
      'a move returning INVALID_MOVE',
      base(),
      [move('claim', '0', 0), move('claim', '0', 0)],
      'action/invalid_move',
      /^claim returned INVALID_MOVE for args \[0\]$/,
    ],
    [
      'a move after the game ended',
      base({ endGame: true }),
      [event('endGame'), move('a')],
      'action/gameover',
      /^the game is over \(gameover: true\)/,
    ],
    ['undo with nothing to undo', base(), [{ type: 'undo', playerID: '0' }], 'action/action_invalid', /^no moves to undo/],
    [
      'undo of a move not in undoableMoves',
      base({ undoableMoves: ['a'] }),
      [move('b'), { type: 'undo', playerID: '0' }],
      'action/action_invalid',
      /^move b cannot be undone: flow\.undoableMoves is \["a"\]$/,
    ],
    ['redo with nothing to redo', base(), [{ type: 'redo', playerID: '0' }], 'action/action_invalid', /^no moves to redo$/],
    [
      'endTurn before movesPerTurn',
      base({ movesPerTurn: 2 }),
      [move('a'), event('endTurn')],
      'flow/refused',
      /ignores endTurn until flow\.movesPerTurn \(2\) moves are made: player 0 has made 1$/,
    ],
    [
      'an event the release does not have',
      base(),
      [event('setPhase', '0', 'x')],
      'flowscope/unknown_event',
      /^setPhase is not a boardgame\.io 0\.32\.1 event: its events are endTurn, endPhase, endGame, setActionPlayers$/,
    ],
    [
      'an event of a later release (0.33+)',
      base(),
      [event('setActivePlayers', '0', {})],
      'flowscope/unknown_event',
      /setActivePlayers is not a boardgame\.io 0\.32\.1 event/,
    ],
    [
      'a disabled event',
      base(),
      [event('endGame')],
      'client/event_disabled',
      /^endGame is disabled \(set flow\.endGame: true to enable it\)/,
    ],
    [
      'endPhase with no phases',
      base(),
      [event('endPhase')],
      'client/event_disabled',
      /^endPhase is disabled \(endPhase is only enabled when the game has flow\.phases\)/,
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

  it('a disabled or unknown event would reach the bare reducer, which processes it: the client never sends it', () => {
    const bare = runBare032(base(), 2, 's', [event('endGame'), event('setPhase', '0', 'x')]);
    expect(bare[1].ctx.gameover).toBe(true);
    expect(bare[2]._stateID).toBe(2);
  });

  it('undo, redo and reset do what 0.32.1 does', () => {
    const s = check(base(), [
      move('a'),
      move('a'),
      { type: 'undo', playerID: '1' },
      { type: 'redo', playerID: '0' },
      { type: 'undo', playerID: '0' },
      { type: 'reset' },
      move('b'),
    ]);
    expect(s.steps.map((r) => (r.ok ? (s.stateAt(r.index).G as any).n : r.error?.type))).toEqual([0, 1, 2, 1, 2, 1, 0, 1]);
  });
});

describe('boardgame.io 0.32.1: modules, configs, seeds', () => {
  it("Flowscope's Game is the release's, with the spec kept aside", () => {
    const spec = cards();
    const game = core.Game(spec);
    expect(Object.keys(game)).not.toContain(SPEC.toString());
    expect(Object.getOwnPropertySymbols(game)).toEqual([SPEC]);
    expect(Object.getOwnPropertyDescriptor(game, SPEC)?.enumerable).toBe(false);
    // The release mutated the user's spec as it always did; the kept copy is the original.
    expect(typeof spec.flow.processGameEvent).toBe('function');
    expect(typeof game[SPEC].flow.processGameEvent).toBe('undefined');
    expect(Object.keys(game[SPEC].flow.phases)).toEqual(['draw', 'play']);
    expect(Object.keys(game).sort()).toEqual(Object.keys(RealGame(cards())).sort());
  });

  it('what game code sets on a Game(...) result afterwards counts, as the release reads it from there', () => {
    const make = (G: typeof core.Game) => {
      const game = G(cards());
      game.setup = () => ({ deck: 7, hand: 0, note: 'set after Game()' });
      return game;
    };
    const session = new Session({ runtime: bgio032, config: make(core.Game), numPlayers: 1, seed: 's' });
    expect(session.stateAt(0).G).toEqual(RealInitializeGame({ game: make(RealGame), numPlayers: 1 }).G);
    expect(session.stateAt(0).G).toMatchObject({ note: 'set after Game()' });
  });

  it('prepare takes a plain spec as well as a Game(...) result, and refuses a foreign Game(...) result clearly', () => {
    const plain = play(bgio032, cards(), [move('drawCard')], { numPlayers: 1 });
    const wrapped = play(bgio032, core.Game(cards()), [move('drawCard')], { numPlayers: 1 });
    expect(plain.stepped).toEqual(wrapped.stepped);
    expect(() => new Session({ runtime: bgio032, config: RealGame(cards()), numPlayers: 1, seed: 's' })).toThrow(SessionError);
    expect(() => new Session({ runtime: bgio032, config: RealGame(cards()), numPlayers: 1, seed: 's' })).toThrow(
      /did not come from Flowscope's boardgame\.io\/core/,
    );
  });

  it('a processed flow (FlowWithPhases(...)) runs as is: moves are traced, its closed hooks are not', () => {
    const spec = (): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: { inc: (G: any) => void G.n++ },
      flow: core.FlowWithPhases({ endTurnIf: (G: any) => G.n % 2 === 0 }),
    });
    const config = core.Game(spec());
    const first = new Session({ runtime: bgio032, config, numPlayers: 2, seed: 's' });
    const second = new Session({ runtime: bgio032, config, numPlayers: 2, seed: 's' });
    for (const s of [first, second]) {
      s.dispatch(move('inc'));
      s.dispatch(move('inc'));
    }
    expect(second.step(2).ctx).toMatchObject({ turn: 1, currentPlayer: '1' });
    expect(second.step(2).trace.entries.map((e) => e.fn)).toEqual(['moves.inc']);
    expect(first.step(2).trace.entries.map((e) => e.fn)).toEqual(['moves.inc']);
    expect(check(spec, [move('inc'), move('inc')]).step(2).ctx.turn).toBe(1);
  });

  it('seeds ctx._random from the session seed: same seed, same states', () => {
    const dice = (): GameConfig => ({
      setup: (ctx: any) => ({ rolls: [ctx.random.D6()] }),
      moves: { roll: (G: any, ctx: any) => void G.rolls.push(ctx.random.Die(20), ctx.random.Shuffle([1, 2, 3, 4, 5])) },
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

  it('setupData reaches setup', () => {
    const spec = (): GameConfig => ({ setup: (_ctx: any, data: any) => ({ data }), moves: {} });
    const s = new Session({ runtime: bgio032, config: spec(), numPlayers: 2, seed: 's', setupData: { size: 3 } });
    expect(s.currentState.G).toEqual({ data: { size: 3 } });
    const bare = RealInitializeGame({ game: RealGame({ ...spec(), seed: 's' }), numPlayers: 2, setupData: { size: 3 } });
    expect(bare.G).toEqual({ data: { size: 3 } });
  });

  it('enabledEvents, availableMoves, isPlayerActive and enumerate', () => {
    const spec = (flow: Record<string, unknown>): GameConfig => ({
      setup: () => ({ n: 0 }),
      moves: { a: (G: any) => void G.n++, b: (G: any) => void G.n++ },
      ai: { enumerate: (_G: any, ctx: any, playerID: string) => [{ move: 'a', args: [playerID, ctx.turn] }] },
      flow,
    });
    const s1 = new Session({ runtime: bgio032, config: spec({}), numPlayers: 2, seed: 's' });
    expect(s1.game.enabledEvents).toEqual(['endTurn']);
    const s2 = new Session({
      runtime: bgio032,
      config: spec({ endGame: true, setActionPlayers: true, startingPhase: 'p', phases: { p: { allowedMoves: () => ['b'] } } }),
      numPlayers: 2,
      seed: 's',
    });
    expect(s2.game.enabledEvents).toEqual(['endTurn', 'endPhase', 'endGame', 'setActionPlayers']);
    expect(s2.game.availableMoves(s2.currentState, '0')).toEqual(['b']);
    expect(s2.game.availableMoves(s2.currentState, '1')).toEqual([]);
    expect(s2.game.isPlayerActive(s2.currentState, '0')).toBe(true);
    expect(s2.game.isPlayerActive(s2.currentState, '1')).toBe(false);
    expect(s2.game.enumerate(s2.currentState, '1')).toEqual([{ move: 'a', args: ['1', 0] }]);
    // Asking (which runs allowedMoves) does not add to the last step's trace.
    expect(s2.step(0).trace.entries.map((e) => e.fn)).toEqual(['setup', 'flow.phases.p.allowedMoves', 'flow.phases.p.allowedMoves']);
  });

  it('is registered as the flow-era release 0.32.1', async () => {
    const { loadRuntime, RUNTIMES, runtimeByVersion } = await import('../registry');
    expect(bgio032).toMatchObject({ version: '0.32.1', era: 'flow' });
    expect(RUNTIMES).toContainEqual({ version: bgio032.version, era: bgio032.era });
    expect(await loadRuntime(runtimeByVersion('^0.32.0')!)).toBe(bgio032);
  });
});
