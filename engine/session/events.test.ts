import { describe, expect, it } from 'vitest';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import type { FlowAction, GameConfig } from '../types';
import { Session } from './session';

const newSession = (config: GameConfig, numPlayers = 3) => new Session({ runtime: bgio050, config, numPlayers, seed: 'events' });
const move = (name: string, playerID = '0', args: unknown[] = []): FlowAction => ({ type: 'move', name, args, playerID });
const event = (name: any, args: unknown[] = [], playerID = '0'): FlowAction => ({ type: 'event', name, args, playerID });
const eventsOf = (s: Session, i: number) => s.step(i).trace.entries.flatMap((e) => e.events.map((ev) => ({ fn: e.fn, ...ev })));

const flowGame = (): GameConfig => ({
  setup: () => ({ n: 0 }),
  moves: { inc: ({ G }: any) => void G.n++ },
  turn: { stages: { A: { moves: { inc: ({ G }: any) => void G.n++ }, next: 'B' }, B: {} } },
  phases: { one: { start: true, next: 'two' }, two: {} },
});

describe('each of the eight events, dispatched by a player, does what boardgame.io does', () => {
  it('endTurn passes the turn', () => {
    const s = newSession(flowGame());
    const r = s.dispatch(event('endTurn'));
    expect(r.ok).toBe(true);
    expect(r.ctx).toMatchObject({ turn: 2, currentPlayer: '1' });
  });
  it('endTurn({ next }) passes it to the chosen player', () => {
    const s = newSession(flowGame());
    expect(s.dispatch(event('endTurn', [{ next: '2' }])).ctx.currentPlayer).toBe('2');
  });
  it('endPhase goes to the phase’s next', () => {
    expect(newSession(flowGame()).dispatch(event('endPhase')).ctx.phase).toBe('two');
  });
  it('setPhase goes to the named phase', () => {
    const s = newSession(flowGame());
    const current = s.dispatch(event('endPhase')).ctx.currentPlayer;
    expect(current).toBe('1'); // TurnOrder.DEFAULT moves on one seat when a later phase begins
    expect(s.dispatch(event('setPhase', ['one'], current)).ctx.phase).toBe('one');
  });
  it('endGame sets gameover', () => {
    expect(newSession(flowGame()).dispatch(event('endGame', [{ winner: '0' }])).ctx.gameover).toEqual({ winner: '0' });
  });
  it('setStage and endStage move the caller along the stage next chain', () => {
    const s = newSession(flowGame());
    expect(s.dispatch(event('setStage', ['A'])).ctx.activePlayers).toEqual({ 0: 'A' });
    expect(s.dispatch(event('endStage')).ctx.activePlayers).toEqual({ 0: 'B' });
  });
  it('setActivePlayers replaces activePlayers', () => {
    const s = newSession(flowGame());
    expect(s.dispatch(event('setActivePlayers', [{ others: 'A' }])).ctx.activePlayers).toEqual({ 1: 'A', 2: 'A' });
  });
  it('pass({ remove: true }) takes the player out of the turn order', () => {
    const s = newSession(flowGame());
    const r = s.dispatch(event('pass', [{ remove: true }]));
    expect(r.ctx.playOrder).toEqual(['1', '2']);
  });
});

describe('every kind of rejection is a step with boardgame.io’s reason', () => {
  const game = (): GameConfig => ({
    setup: () => ({ cells: [null, null] }),
    moves: {
      claim: ({ G, playerID }: any, i: number) => {
        if (G.cells[i] !== null) return 'INVALID_MOVE';
        G.cells[i] = playerID;
      },
      crash: ({ G }: any) => G.missing.field,
      once: { move: ({ G }: any) => void (G.cells[0] = 'x'), undoable: false },
    },
    turn: { minMoves: 1, stages: { S: { moves: { claim: () => undefined } } } },
    phases: { p: { start: true } },
  });

  const cases: Array<[string, (s: Session) => FlowAction, string, RegExp]> = [
    [
      'a move no lookup level offers',
      () => move('nope'),
      'action/unavailable_move',
      /move nope is not available to player 0: boardgame.io looks it up in the global moves, which offers claim, crash, once/,
    ],
    [
      'a player who is not active',
      () => move('claim', '1', [0]),
      'action/inactive_player',
      /player 1 may not act now: it is player 0's turn/,
    ],
    [
      'a move returning INVALID_MOVE',
      (s) => (s.dispatch(move('claim', '0', [0])), move('claim', '0', [0])),
      'action/invalid_move',
      /claim returned INVALID_MOVE for args \[0\]/,
    ],
    ['a move that throws', () => move('crash'), 'flowscope/threw', /moves.crash threw TypeError: Cannot read properties of undefined/],
    ['undo with nothing to undo', () => ({ type: 'undo', playerID: '0' }), 'action/action_invalid', /no moves to undo/],
    [
      'undo of a move that is not undoable',
      (s) => (s.dispatch(move('once')), { type: 'undo', playerID: '0' }),
      'action/action_invalid',
      /move once cannot be undone/,
    ],
    ['redo with nothing to redo', () => ({ type: 'redo', playerID: '0' }), 'action/action_invalid', /no moves to redo/],
    [
      'endTurn before minMoves (boardgame.io only logs it)',
      () => event('endTurn'),
      'flow/refused',
      /cannot end turn before making 1 moves/,
    ],
    [
      'an event that is not a boardgame.io event',
      () => event('explode'),
      'flowscope/unknown_event',
      /explode is not a boardgame.io 0.50.2 event/,
    ],
  ];

  for (const [name, build, type, message] of cases) {
    it(name, () => {
      const s = newSession(game());
      const before = JSON.stringify(s.currentState.G);
      const r = s.dispatch(build(s));
      expect(r.ok).toBe(false);
      expect(r.error?.type).toBe(type);
      expect(r.error?.message).toMatch(message);
      if (type !== 'flow/refused' && !name.startsWith('undo of') && !name.includes('INVALID'))
        expect(JSON.stringify(s.currentState.G)).toBe(before);
    });
  }

  it('an event boardgame.io logs an error for but that takes effect is accepted, with the error kept as a warning', () => {
    const s = newSession(game());
    const before = s.currentState.ctx.phase;
    const r = s.dispatch(event('setPhase', ['nowhere']));
    expect([r.ok, r.error]).toEqual([true, null]);
    expect(r.ctx.phase).not.toBe(before);
    expect(r.trace.logs.map((l) => [l.source, l.text])).toEqual([
      ['boardgame.io', 'ERROR: invalid phase: nowhere'],
      ['flowscope', 'player 0\'s setPhase("nowhere") took effect although boardgame.io logged "invalid phase: nowhere"'],
    ]);
    // endTurn takes { next }: a bare player ID is logged as invalid, and the turn still ends (the same player goes on).
    const plain = newSession({ moves: { m: () => {} } });
    const turn = plain.dispatch(event('endTurn', ['1']));
    expect([turn.ok, turn.ctx.turn, turn.ctx.currentPlayer]).toEqual([true, 2, '0']);
    expect(turn.trace.logs.map((l) => l.text)).toContain(
      'player 0\'s endTurn("1") took effect although boardgame.io logged "invalid argument to endTurn: 1"',
    );
  });

  it('a setStage in a move before the stage’s minMoves still moves the player: applied, with boardgame.io’s logged error as its warning', () => {
    const s = newSession({
      moves: {},
      turn: {
        activePlayers: { currentPlayer: { stage: 'A', minMoves: 2 } },
        stages: { A: { moves: { go: ({ events }: any) => events.setStage('B') } }, B: { moves: { stay: () => {} } } },
      },
    });
    const r = s.dispatch(move('go'));
    expect([r.ok, r.ctx.activePlayers]).toEqual([true, { 0: 'B' }]);
    const [call] = r.trace.entries.find((e) => e.fn === 'turn.stages.A.moves.go')!.events;
    expect(call).toMatchObject({
      name: 'setStage',
      outcome: 'applied',
      warning: 'boardgame.io logged: cannot end stage before making 2 moves',
    });
    expect(r.trace.transitions.find((t) => t.type === 'stage')).toMatchObject({
      from: 'A',
      to: 'B',
      cause: 'turn.stages.A.moves.go called setStage("B")',
    });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['event-warning']);
  });

  it('the turn-begin cause when the turn order is not asked: turn.endIf { next }, endTurn with a bad argument, pass({ remove })', () => {
    const turnBegin = (r: { trace: { transitions: { type: string; cause: string }[] } }) =>
      r.trace.transitions.find((t) => t.type === 'turn-begin')?.cause;
    const byEndIf = newSession({
      moves: { m: ({ G }: any) => void (G.jump = true) },
      setup: () => ({ jump: false }),
      turn: { endIf: ({ G }: any) => (G.jump ? { next: '2' } : false) },
    });
    const jumped = byEndIf.dispatch(move('m'));
    expect([jumped.ctx.currentPlayer, turnBegin(jumped)]).toEqual(['2', 'turn.endIf returned {"next":"2"}, naming player 2']);
    const bad = newSession({ moves: { m: () => {} } }).dispatch(event('endTurn', ['2']));
    expect([bad.ctx.currentPlayer, turnBegin(bad)]).toEqual([
      '0',
      'player 0 called endTurn("2"), whose argument is not { next: playerID }: boardgame.io logged "invalid argument to endTurn", did not ask the turn order, and player 0 plays again',
    ]);
    const passed = newSession({ moves: { m: () => {} } }).dispatch(event('pass', [{ remove: true }]));
    expect([passed.ctx.playOrder, passed.ctx.currentPlayer, turnBegin(passed)]).toEqual([
      ['1', '2'],
      '1',
      'player 0 called pass({"remove":true}): the player left playOrder and the turn order was not asked, so player 1, now at that position, plays',
    ]);
  });

  it('a phase begun through its predecessor’s endIf { next } names that endIf, over the static next; a turn in no phase after a phase says which ended', () => {
    const s = newSession({
      setup: () => ({ go: false }),
      moves: { go: ({ G }: any) => void (G.go = true) },
      phases: { a: { start: true, next: 'c', endIf: ({ G }: any) => (G.go ? { next: 'b' } : false) }, b: {}, c: {} },
    });
    const r = s.dispatch(move('go'));
    expect(r.trace.transitions.filter((t) => t.type === 'phase-begin').map((t) => [t.phase, t.cause])).toEqual([
      ['b', 'phases.a.endIf returned {"next":"b"}'],
    ]);
    const ended = s.dispatch(event('endPhase', [], s.currentState.ctx.currentPlayer));
    expect(ended.ctx.phase).toBeNull();
    expect(ended.trace.transitions.find((t) => t.type === 'turn-begin')?.cause).toBe('first turn of no phase, after phase b ended');
  });

  it('an event called by a move that then throws is dropped, saying the move threw', () => {
    const s = newSession({
      moves: {
        boom: ({ events }: any) => {
          events.endTurn();
          throw new Error('boom');
        },
      },
    });
    const r = s.dispatch(move('boom'));
    expect(r.error?.type).toBe('flowscope/threw');
    expect(r.trace.entries[0].events).toMatchObject([
      { name: 'endTurn', outcome: 'dropped', reason: 'never processed: moves.boom threw, so boardgame.io discarded the whole action' },
    ]);
  });

  it('the player whose turn ended leaves because the turn ended, not because of the next turn’s setActivePlayers', () => {
    const s = newSession({
      moves: { m: () => {} },
      turn: {
        maxMoves: 1,
        onBegin: ({ ctx, events }: any) => void (ctx.turn > 1 && events.setActivePlayers({ value: { 1: 'think' } })),
        stages: { think: { moves: { t: () => {} } } },
      },
    });
    const r = s.dispatch(move('m'));
    expect(r.trace.transitions.filter((t) => t.type === 'stage').map((t) => [t.player, t.cause])).toEqual([
      ['0', "player 0's turn ended"],
      ['1', 'turn.onBegin called setActivePlayers({"value":{"1":"think"}})'],
    ]);
  });

  it('stages a new turn gets from turn.activePlayers name it', () => {
    const s = newSession({ moves: {}, turn: { activePlayers: { currentPlayer: 'S' }, stages: { S: { moves: { go: () => {} } } } } });
    const r = s.dispatch(event('endTurn'));
    expect(r.trace.transitions.filter((t) => t.type === 'stage').map((t) => [t.player, t.to, t.cause])).toEqual([
      ['0', undefined, "player 0's turn ended"],
      ['1', 'S', "the new turn's turn.activePlayers set who may act"],
    ]);
  });

  it('stage changes made by undo and redo say so', () => {
    const s = newSession({
      moves: { pick: ({ events }: any) => void events.setStage('place') },
      turn: { stages: { place: { moves: { drop: () => {} } } } },
    });
    s.dispatch(move('pick'));
    const causes = (r: { trace: { transitions: { type: string; cause: string }[] } }) =>
      r.trace.transitions.filter((t) => t.type === 'stage').map((t) => t.cause);
    expect(causes(s.dispatch({ type: 'undo', playerID: '0' }))).toEqual([
      'player 0 undid the last move, which restores the stages from before it',
    ]);
    expect(causes(s.dispatch({ type: 'redo', playerID: '0' }))).toEqual([
      'player 0 redid the undone move, which restores the stages it left',
    ]);
  });

  it('an undo refused by a move’s undoable function says the function returned false', () => {
    const s = newSession({
      setup: () => ({ n: 0 }),
      moves: { a: { move: ({ G }: any) => void (G.n += 5), undoable: ({ G }: any) => G.n < 2 } },
    });
    s.dispatch(move('a'));
    expect(s.dispatch({ type: 'undo', playerID: '0' }).error).toEqual({
      type: 'action/action_invalid',
      message: 'move a cannot be undone (its undoable function returned false)',
    });
  });

  it('endStage before the stage’s minMoves is refused with the logged reason', () => {
    const s = newSession(game());
    s.dispatch(event('setActivePlayers', [{ currentPlayer: { stage: 'S', minMoves: 2 } }]));
    const r = s.dispatch(event('endStage'));
    expect(r.ok).toBe(false);
    expect(r.error).toEqual({ type: 'flow/refused', message: 'cannot end stage before making 2 moves' });
    expect(r.ctx.activePlayers).toEqual({ 0: 'S' });
  });

  it('moves and events after game over', () => {
    const s = newSession(game());
    s.dispatch(event('endGame'));
    expect(s.dispatch(move('claim', '0', [1])).error?.type).toBe('action/gameover');
    expect(s.dispatch(event('endTurn')).error?.type).toBe('action/gameover');
  });

  it('undo when undo is disabled', () => {
    const s = newSession({ ...game(), disableUndo: true });
    expect(s.dispatch({ type: 'undo', playerID: '0' }).error).toEqual({
      type: 'action/action_disabled',
      message: 'undo is disabled (game.disableUndo is true)',
    });
  });

  it('an event the game disables is refused like boardgame.io’s client does', () => {
    const s = newSession({ ...game(), events: { endPhase: false } });
    const r = s.dispatch(event('endPhase'));
    expect(r.error?.type).toBe('client/event_disabled');
    expect(r.ctx.phase).toBe('p');
  });
});

describe('events called by game code get boardgame.io’s verdict', () => {
  it('applied: setActivePlayers from a move', () => {
    const s = newSession({
      moves: { go: ({ events }: any) => events.setActivePlayers({ value: { 2: 'respond' }, minMoves: 1, maxMoves: 1 }) },
    });
    const r = s.dispatch(move('go'));
    expect(r.ctx.activePlayers).toEqual({ 2: 'respond' });
    expect(eventsOf(s, 1)).toEqual([
      { fn: 'moves.go', name: 'setActivePlayers', args: [{ value: { 2: 'respond' }, minMoves: 1, maxMoves: 1 }], outcome: 'applied' },
    ]);
    const stage = r.trace.transitions.find((t) => t.type === 'stage' && t.player === '2');
    expect(stage).toMatchObject({ player: '2', to: 'respond', automatic: false });
    expect(stage?.cause).toBe('moves.go called setActivePlayers({"value":{"2":"respond"},"minMoves":1,"maxMoves":1})');
  });

  it('rejected: a stage event in phase.onBegin rolls the whole action back', () => {
    const s = newSession({
      moves: {
        go: ({ G, events }: any) => {
          G.moved = true;
          events.setPhase('b');
        },
      },
      phases: { a: { start: true }, b: { onBegin: ({ events }: any) => events.setActivePlayers({ all: 'x' }) } },
      setup: () => ({ moved: false }),
    });
    const r = s.dispatch(move('go'));
    expect(r.ok).toBe(false);
    expect(r.error?.type).toBe('action/plugin_invalid');
    expect(s.currentState.G).toEqual({ moved: false });
    const [setPhase, sap] = eventsOf(s, 1);
    expect(sap).toMatchObject({ fn: 'phases.b.onBegin', name: 'setActivePlayers', outcome: 'rejected' });
    expect(sap.reason).toMatch(/^`setStage`, `endStage` & `setActivePlayers` are disallowed in a phase’s `onBegin` hook/);
    expect(sap.reason).not.toMatch(/Events Plugin Error/);
    expect(setPhase).toMatchObject({ name: 'setPhase', outcome: 'dropped' });
    expect(setPhase.reason).toMatch(/applied, then rolled back/);
    expect(r.trace.transitions.every((t) => t.rolledBack)).toBe(true);
  });

  it('rejected: an event called from endIf is CalledOutsideHook', () => {
    const s = newSession({ moves: { go: () => undefined }, turn: { endIf: ({ events }: any) => void events.endTurn() } }, 2);
    const r = s.dispatch(move('go'));
    expect(r.ok).toBe(false);
    const ev = eventsOf(s, 1).find((e) => e.fn === 'turn.endIf');
    expect(ev).toMatchObject({ name: 'endTurn', outcome: 'rejected' });
    expect(ev?.reason).toMatch(/^Events must be called from moves or the `onBegin`, `onEnd`, and `onMove` hooks/);
  });

  it('dropped: setActivePlayers from turn.onMove in an action that ended the turn (maxMoves)', () => {
    const s = newSession({
      moves: { go: () => undefined },
      turn: { maxMoves: 1, onMove: ({ events }: any) => events.setActivePlayers({ others: 'respond' }) },
    });
    const r = s.dispatch(move('go'));
    expect(r.ok).toBe(true);
    expect(r.ctx).toMatchObject({ currentPlayer: '1', activePlayers: null });
    const [ev] = eventsOf(s, 1);
    expect(ev).toMatchObject({ fn: 'turn.onMove', name: 'setActivePlayers', outcome: 'dropped' });
    expect(ev.reason).toBe(
      'the turn it was called in had already ended when boardgame.io reached it (called in turn 1, reached in turn 2)',
    );
    expect(r.trace.transitions.find((t) => t.type === 'turn-end')?.cause).toBe('turn.maxMoves (1) reached');
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ code: 'event-dropped', severity: 'warning' }));
  });

  it('dropped: endTurn in phase.onBegin is a silent no-op', () => {
    const s = newSession({
      moves: { go: ({ events }: any) => events.setPhase('b') },
      phases: { a: { start: true }, b: { onBegin: ({ events }: any) => events.endTurn() } },
    });
    const r = s.dispatch(move('go'));
    expect(r.ok).toBe(true);
    expect(r.ctx.phase).toBe('b');
    expect(eventsOf(s, 1).find((e) => e.fn === 'phases.b.onBegin')).toMatchObject({ name: 'endTurn', outcome: 'dropped' });
  });

  it('dropped: events after the game ended in the same action', () => {
    const s = newSession({
      moves: {
        go: ({ events }: any) => {
          events.endGame();
          events.endTurn();
        },
      },
    });
    s.dispatch(move('go'));
    expect(eventsOf(s, 1).map((e) => [e.name, e.outcome])).toEqual([
      ['endGame', 'applied'],
      ['endTurn', 'dropped'],
    ]);
    expect(eventsOf(s, 1)[1].reason).toMatch(/game was already over/);
  });

  it('rejected with the logged reason: endStage from a move before the stage’s minMoves', () => {
    const s = newSession({
      moves: { go: ({ events }: any) => events.endStage() },
      turn: { activePlayers: { currentPlayer: { stage: 'S', minMoves: 3 } }, stages: { S: {} } },
    });
    const r = s.dispatch(move('go'));
    expect(r.ok).toBe(true);
    expect(eventsOf(s, 1)[0]).toMatchObject({
      name: 'endStage',
      outcome: 'rejected',
      reason: 'boardgame.io logged: cannot end stage before making 3 moves',
    });
  });

  it('records what hooks returned and threw, and the game’s own console output', () => {
    const s = newSession({ moves: { go: () => console.log('hello from go') }, turn: { endIf: () => ({ next: '2' }) } });
    const r = s.dispatch(move('go'));
    expect(r.trace.entries.find((e) => e.fn === 'turn.endIf')?.returned).toEqual({ next: '2' });
    expect(r.trace.logs).toContainEqual({ level: 'log', text: 'hello from go', source: 'moves.go' });
    expect(r.ctx.currentPlayer).toBe('2');
  });
});

describe('boardgame.io’s guards show up as rejections', () => {
  it('events called in setup are CalledOutsideHook (the initial state is kept)', () => {
    const s = newSession({ setup: ({ events }: any) => (events.endTurn(), { ok: true }), moves: {} });
    const [ev] = eventsOf(s, 0);
    expect(ev).toMatchObject({ fn: 'setup', name: 'endTurn', outcome: 'rejected' });
    expect(s.currentState.G).toEqual({ ok: true });
  });

  it('pass in turn.onEnd loops until boardgame.io’s MaxTurnEndings guard refuses the action', () => {
    const s = newSession({ moves: {}, turn: { onEnd: ({ events }: any) => events.pass() } });
    const r = s.dispatch(event('endTurn'));
    expect(r.ok).toBe(false);
    expect(r.error?.message).toMatch(/Maximum number of turn endings exceeded/);
    expect(r.ctx.turn).toBe(1);
    const rejected = r.trace.entries.flatMap((e) => e.events).filter((e) => e.outcome === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0].reason).toMatch(/^Maximum number of turn endings exceeded/);
  });

  it('a session survives a throwing hook and carries on from the last good state', () => {
    let armed = true;
    const s = newSession({
      setup: () => ({ n: 0 }),
      moves: { go: ({ G }: any) => void G.n++ },
      turn: {
        onMove: () => {
          if (armed) throw new RangeError('bad onMove');
        },
      },
    });
    const r = s.dispatch(move('go'));
    expect(r.error).toEqual({ type: 'flowscope/threw', message: 'turn.onMove threw RangeError: bad onMove' });
    expect(r.diagnostics).toContainEqual({ code: 'threw', severity: 'error', message: 'turn.onMove threw RangeError: bad onMove' });
    expect(s.currentState.G).toEqual({ n: 0 });
    armed = false;
    expect(s.dispatch(move('go')).ok).toBe(true);
    expect(s.currentState.G).toEqual({ n: 1 });
  });
});

describe('a phase that setPhase enters and whose endIf is already true', () => {
  it('ends before it begins, and what follows is explained by its own endIf and next, not by the setPhase', () => {
    const s = newSession({
      setup: () => ({ log: [] as string[] }),
      phases: {
        A: { start: true, moves: { goB: ({ events }: any) => events.setPhase('B') } },
        B: {
          endIf: () => true,
          next: 'C',
          onBegin: ({ G }: any) => void G.log.push('B.onBegin'),
          onEnd: ({ G }: any) => void G.log.push('B.onEnd'),
        },
        C: {},
      },
    });
    const step = s.dispatch(move('goB'));
    expect(step.ctx.phase).toBe('C');
    // boardgame.io makes B the phase and tests its endIf before starting it.
    expect(s.stateAt(1).G).toEqual({ log: ['B.onEnd'] });
    expect(step.trace.transitions.filter((t) => t.type.startsWith('phase')).map((t) => `${t.type} ${t.phase}: ${t.cause}`)).toEqual([
      'phase-end A: phases.A.moves.goB called setPhase("B")',
      'phase-end B: phases.B.endIf returned true as soon as B became the phase, before it began (its onBegin did not run, its onEnd does)',
      "phase-begin C: phases.B.next is 'C'",
    ]);
  });
});

describe('a game in no phase that setPhase leaves', () => {
  it('ends its turn "leaving no phase", not in a phase called null', () => {
    const s = newSession({
      moves: { back: ({ events }: any) => events.setPhase('A') },
      phases: { A: { start: true, moves: { leave: ({ events }: any) => events.endPhase() } } },
    });
    expect(s.dispatch(move('leave')).ctx.phase).toBe(null);
    const step = s.dispatch(move('back', s.step(1).ctx.currentPlayer));
    expect(step.ctx.phase).toBe('A');
    const turnEnd = step.trace.transitions.find((t) => t.type === 'turn-end');
    expect(turnEnd?.cause).toBe('leaving no phase: moves.back called setPhase("A")');
  });
});

describe('endPhase called with an argument', () => {
  it('is applied, with a note that the argument is ignored and the phase’s own next is taken', () => {
    const s = newSession({
      phases: {
        A: { start: true, next: 'B', moves: { jump: ({ events }: any) => events.endPhase({ next: 'C' }) } },
        B: {},
        C: {},
      },
    });
    const step = s.dispatch(move('jump'));
    expect(step.ctx.phase).toBe('B');
    expect(eventsOf(s, 1)).toEqual([
      {
        fn: 'phases.A.moves.jump',
        name: 'endPhase',
        args: [{ next: 'C' }],
        outcome: 'applied',
        reason: "boardgame.io 0.50.2 ignores endPhase's argument: the phase ends and its own next is taken (setPhase chooses the phase)",
      },
    ]);
  });
});

describe("stages set by the new turn's onBegin", () => {
  it('are said to come from its call, which boardgame.io applies after the turn began', () => {
    const s = newSession({
      turn: {
        onBegin: ({ events, ctx }: any) => void (ctx.turn > 1 && events.setActivePlayers({ others: 'respond' })),
        stages: { respond: {} },
      },
    });
    const step = s.dispatch(event('endTurn'));
    expect(step.ctx.activePlayers).toEqual({ 0: 'respond', 2: 'respond' });
    expect(step.trace.transitions.filter((t) => t.type === 'stage').map((t) => `${t.player}: ${t.cause}`)).toEqual([
      '0: turn.onBegin called setActivePlayers({"others":"respond"})',
      '2: turn.onBegin called setActivePlayers({"others":"respond"})',
    ]);
  });
});

describe('a turn order returns a position in playOrder', () => {
  it('and the cause says whose seat that is', () => {
    const s = newSession({
      turn: { order: { playOrder: () => ['2', '0', '1'], first: () => 0, next: ({ ctx }: any) => (ctx.playOrderPos + 1) % 3 } },
    });
    expect(s.step(0).trace.transitions.find((t) => t.type === 'turn-begin')?.cause).toBe(
      'first turn of the game with no phase (turn.order.first returned 0: playOrder[0] is player 2)',
    );
    const step = s.dispatch(event('endTurn', [], '2'));
    expect(step.ctx.currentPlayer).toBe('0');
    expect(step.trace.transitions.find((t) => t.type === 'turn-begin')?.cause).toBe('turn.order.next returned 1: playOrder[1] is player 0');
  });
});
