import { describe, expect, it } from 'vitest';
import { Session } from '../../session/session';
import type { FlowAction, GameConfig } from '../../types';
import { runBarePhasesEra, snapshot } from '../phases-era/bare';
import { event, eventsOf, move, runScenario } from '../phases-era/check';
import {
  PHASES_CTX,
  PHASES_REFUSED,
  REACTIVE_CTX,
  REACTIVE_REFUSED,
  STAGES_CTX,
  STAGES_REFUSED,
  TURN_ORDER_CTX,
  phasesScenario,
  reactiveScenario,
  stagesScenario,
  turnOrderScenario,
} from '../phases-era/scenarios';
import { registerRuntime, RUNTIMES } from '../registry';
import { core, internal, plugins } from './bgio';
import { bgio049 } from './runtime';

const runtime = bgio049;
const newSession = (config: GameConfig, numPlayers = 3, seed = 'x') => new Session({ runtime, config, numPlayers, seed });
const refusedSteps = (s: Session) => Object.fromEntries(s.steps.filter((r) => !r.ok).map((r) => [r.index, r.error!.type]));

describe('boardgame.io 0.49.13 as a Flowscope runtime', () => {
  it('is the release, in the (G, ctx) era, with its own boardgame.io/core and /plugins', () => {
    expect(runtime.version).toBe('0.49.13');
    expect(runtime.era).toBe('phases-g-ctx');
    expect(runtime.modules['boardgame.io/core']).toBe(core);
    expect(runtime.modules['boardgame.io/plugins']).toBe(plugins);
    // 0.48.0 replaced moveLimit with minMoves/maxMoves in the presets.
    expect(core.ActivePlayers.ALL_ONCE).toEqual({ all: null, minMoves: 1, maxMoves: 1 });
    registerRuntime(runtime);
    expect(RUNTIMES.filter((r) => r.version === '0.49.13')).toHaveLength(1);
  });
});

describe('sessions on 0.49.13 are the bare reducer’s states, step by step, on seek and on a second run', () => {
  it('phases: start, endIf, next, per-phase moves, DEFAULT/CUSTOM/ONCE orders, moveLimit, game endIf', () => {
    const { session, mismatches } = runScenario(runtime, internal, phasesScenario(core));
    expect(mismatches).toEqual([]);
    expect(session.steps.map((s) => s.ctx)).toEqual(PHASES_CTX);
    expect(refusedSteps(session)).toEqual(PHASES_REFUSED);
    expect(session.step(2).error?.message).toBe('move shout is not available to player 1: boardgame.io looks it up in phase draw, which offers draw');
    expect(session.currentState.G).toMatchObject({ table: ['1', '0', '1', '1'], rolls: [4] });
  });

  it('stages: setStage/endStage with next, stage moves, setActivePlayers with others/value/moveLimit/revert', () => {
    const { session, mismatches } = runScenario(runtime, internal, stagesScenario());
    expect(mismatches).toEqual([]);
    expect(session.steps.map((s) => s.ctx)).toEqual(STAGES_CTX);
    expect(refusedSteps(session)).toEqual(STAGES_REFUSED);
    expect(session.step(3).error?.message).toBe('move say is not available to player 0: boardgame.io looks it up in stage think, which offers mark');
  });

  it('turn orders: custom first/next, endTurn({ next }), turn.endIf { next }, pass({ remove }), CUSTOM_FROM', () => {
    const { session, mismatches } = runScenario(runtime, internal, turnOrderScenario(core));
    expect(mismatches).toEqual([]);
    expect(session.steps.map((s) => s.ctx)).toEqual(TURN_ORDER_CTX);
    expect(session.step(0).trace.entries.map((e) => [e.fn, e.returned])).toEqual([
      ['setup', '[a new G]'],
      ['phases.main.turn.order.first', 2],
    ]);
    expect(session.step(1).trace.entries.map((e) => [e.fn, e.returned])).toEqual([['phases.main.turn.order.next', 1]]);
    expect(session.step(4).trace.transitions.find((t) => t.type === 'turn-end')?.cause).toBe('phases.main.turn.endIf returned {"next":"0"}');
  });

  it('the reactive pattern of seed 004 works: turn.onMove calls ctx.events.setActivePlayers', () => {
    const { session, mismatches } = runScenario(runtime, internal, reactiveScenario());
    expect(mismatches).toEqual([]);
    expect(session.steps.map((s) => s.ctx)).toEqual(REACTIVE_CTX);
    expect(refusedSteps(session)).toEqual(REACTIVE_REFUSED);
    expect(eventsOf(session, 1)).toEqual([
      { fn: 'turn.onMove', name: 'setActivePlayers', args: [{ value: { 2: 'respondToBang' }, moveLimit: 1 }], outcome: 'applied' },
    ]);
    expect(session.step(1).trace.transitions.find((t) => t.type === 'stage')).toMatchObject({
      player: '2',
      to: 'respondToBang',
      automatic: false,
      cause: 'turn.onMove called setActivePlayers({"value":{"2":"respondToBang"},"moveLimit":1})',
    });
    // moveLimit in setActivePlayers is a maximum only (0.48+ maps it to maxMoves): one response, then out.
    expect(session.step(3).trace.transitions.find((t) => t.type === 'stage')?.cause).toBe('player 2 made its last allowed move (maxMoves) and left the stage');
    expect(session.currentState.G).toEqual({ health: [2, 2, 1], pendingAction: null });
  });

  it('game.seed makes ctx.random deterministic; a different seed gives different numbers', () => {
    const play = (seed: string) => {
      const s = new Session({ runtime, config: { setup: () => ({ rolls: [] }), moves: { roll: (G: any, ctx: any) => void G.rolls.push(...ctx.random.D6(6)) } }, numPlayers: 2, seed });
      s.dispatch(move('roll'));
      return (s.currentState.G as { rolls: number[] }).rolls;
    };
    expect(play('flowscope')).toEqual(play('flowscope'));
    expect(play('another seed')).not.toEqual(play('flowscope'));
  });
});

describe('trace paths on 0.49.13', () => {
  const { session } = runScenario(runtime, internal, phasesScenario(core));
  const fns = (i: number) => session.step(i).trace.entries.map((e) => (e.playerID ? `${e.fn}@${e.playerID}` : e.fn));
  const causes = (i: number) => session.step(i).trace.transitions.map((t) => `${t.type}: ${t.cause}`);

  it('game start: setup, then the game and phase triggers around each start', () => {
    expect(fns(0)).toEqual(['setup', 'endIf', 'phases.draw.endIf', 'phases.draw.onBegin', 'endIf', 'phases.draw.endIf', 'endIf', 'phases.draw.endIf']);
    expect(causes(0)).toEqual(['phase-begin: the game starts in phase draw (start: true)', 'turn-begin: first turn of phase draw']);
  });

  it('a move whose phase endIf fires: the next phase’s turn order runs', () => {
    expect(fns(4)).toEqual([
      'phases.draw.moves.draw@0',
      'endIf',
      'phases.draw.endIf',
      'phases.draw.onEnd',
      'endIf',
      'endIf',
      'endIf',
      'phases.play.turn.order.playOrder',
      'phases.play.turn.order.first',
      'endIf',
    ]);
    expect(causes(4)).toEqual([
      'turn-end: phase draw is ending: phases.draw.endIf returned true',
      'phase-end: phases.draw.endIf returned true',
      "phase-begin: phases.draw.next is 'play'",
      'turn-begin: first turn of phase play (phases.play.turn.order.first returned 0)',
    ]);
  });

  it('ONCE running out ends the phase; moveLimit is maxMoves on 0.49', () => {
    expect(causes(12)).toEqual([
      'turn-end: turn.maxMoves (1) reached',
      'turn-end: phase tally is ending: phases.tally.turn.order.next returned undefined (every player has played)',
      'phase-end: phases.tally.turn.order.next returned undefined (every player has played)',
      "phase-begin: phases.tally.next is 'play'",
      'turn-begin: first turn of phase play (phases.play.turn.order.first returned 0)',
    ]);
  });

  it('the game endIf ends the phase and the game (turn.onEnd is not run)', () => {
    expect(fns(14)).toEqual(['phases.play.moves.play@1', 'endIf', 'onEnd']);
    expect(causes(14)).toEqual(['phase-end: the game is ending: endIf returned {"cards":4}', 'game-end: endIf returned {"cards":4}']);
  });

  it('stage moves, long-form moves and their undoable are traced under their config paths', () => {
    const s = newSession({
      moves: { keep: { move: (G: any) => void (G.kept = true), undoable: (G: any) => !G.kept } },
      turn: { stages: { S: { moves: { poke: () => undefined } } }, onMove: () => undefined },
    });
    s.dispatch(event('setStage', ['S']));
    expect(s.dispatch(move('poke')).trace.entries.map((e) => e.fn)).toEqual(['turn.stages.S.moves.poke', 'turn.onMove']);
    s.dispatch(event('endStage'));
    s.dispatch(move('keep'));
    const undo = s.dispatch({ type: 'undo', playerID: '0' });
    expect(undo.trace.entries.map((e) => [e.fn, e.returned])).toEqual([['moves.keep.undoable', false]]);
    expect(undo.error?.type).toBe('action/action_invalid');
  });
});

describe('ctx in game code on 0.49.13 is the release’s own', () => {
  const config = (): GameConfig => ({
    setup: (ctx: any) => ({ seen: [] as unknown[], setup: { random: typeof ctx.random?.D6, events: typeof ctx.events?.endTurn } }),
    moves: {
      look: (G: any, ctx: any) =>
        void G.seen.push({ in: 'move', playerID: ctx.playerID, random: typeof ctx.random.D6, log: typeof ctx.log?.setMetadata, events: typeof ctx.events.endTurn, d6: ctx.random.D6() }),
    },
    turn: {
      activePlayers: { all: null },
      onMove: (G: any, ctx: any) => void G.seen.push({ in: 'onMove', playerID: ctx.playerID, events: typeof ctx.events?.endTurn }),
      onBegin: (G: any, ctx: any) => void G.seen.push({ in: 'onBegin', playerID: ctx.playerID, events: typeof ctx.events?.endTurn }),
    },
  });

  it('ctx.random, ctx.log, ctx.events and ctx.playerID (also in turn.onMove, since 0.49.2)', () => {
    const { session, mismatches } = runScenario(runtime, internal, { numPlayers: 2, config, actions: [move('look', '1')] });
    expect(mismatches).toEqual([]);
    expect(session.currentState.G).toEqual({
      setup: { random: 'function', events: 'function' },
      seen: [
        { in: 'onBegin', events: 'function' },
        { in: 'move', playerID: '1', random: 'function', log: 'function', events: 'function', d6: 4 },
        { in: 'onMove', playerID: '1', events: 'function' },
      ],
    });
    expect(session.step(1).trace.entries.map((e) => `${e.fn}@${e.playerID}`)).toEqual(['moves.look@1', 'turn.onMove@1']);
  });
});

describe('the runtime surface on 0.49.13', () => {
  const config = (): GameConfig => ({
    moves: { g: () => undefined, h: () => undefined },
    events: { endPhase: false, pass: false },
    phases: { p: { start: true, moves: { pm: () => undefined }, turn: { stages: { S: { moves: { sm: () => undefined } }, T: {} } } } },
    ai: { enumerate: (G: unknown, ctx: any, playerID: string) => [{ move: 'pm', args: [playerID, ctx.turn] }] },
  });

  it('availableMoves follows stage → phase → global; isPlayerActive; enabledEvents; enumerate', () => {
    const s = newSession(config());
    expect(s.game.availableMoves(s.currentState, '0')).toEqual(['pm']);
    expect(s.game.availableMoves(s.currentState, '1')).toEqual([]);
    expect(s.game.isPlayerActive(s.currentState, '1')).toBe(false);
    s.dispatch(event('setActivePlayers', [{ currentPlayer: 'S', others: 'T' }]));
    expect(s.game.availableMoves(s.currentState, '0')).toEqual(['sm']);
    // A stage without moves falls through to the phase's moves.
    expect(s.game.availableMoves(s.currentState, '1')).toEqual(['pm']);
    expect(s.game.isPlayerActive(s.currentState, '1')).toBe(true);
    expect(s.game.enabledEvents).toEqual(['endTurn', 'setPhase', 'endGame', 'setActivePlayers', 'endStage', 'setStage']);
    expect(s.game.enumerate(s.currentState, '2')).toEqual([{ move: 'pm', args: ['2', 1] }]);
    expect(newSession({ moves: {} }).game.enumerate(s.currentState, '0')).toBeNull();
  });
});

describe('every rejection on 0.49.13 is a step with the release’s reason (transients.error)', () => {
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

  const cases: Array<[string, FlowAction[], string, string]> = [
    ['a move no lookup level offers', [move('nope')], 'action/unavailable_move', 'move nope is not available to player 0: boardgame.io looks it up in the global moves, which offers claim, crash, once, sneaky'],
    ['a player who is not active (move)', [move('claim', '1', [0])], 'action/inactive_player', "player 1 may not act now: it is player 0's turn and no one is in a stage"],
    ['a player who is not active (event)', [event('endTurn', [], '2')], 'action/inactive_player', "player 2 may not act now: it is player 0's turn and no one is in a stage"],
    ['a move returning INVALID_MOVE', [move('claim', '0', [0]), move('claim', '0', [0])], 'action/invalid_move', 'claim returned INVALID_MOVE for args [0]'],
    ['a move that throws', [move('crash')], 'flowscope/threw', "moves.crash threw TypeError: Cannot read properties of undefined (reading 'field')"],
    ['undo with nothing to undo', [{ type: 'undo', playerID: '0' }], 'action/action_invalid', 'no moves to undo (undo only reaches back to the start of the current turn)'],
    ['undo of a move that is not undoable', [move('once'), { type: 'undo', playerID: '0' }], 'action/action_invalid', 'move once cannot be undone (its undoable is false)'],
    ['undo of another player’s move', [move('claim', '0', [0]), { type: 'undo', playerID: '1' }], 'action/action_invalid', "player 1 cannot undo player 0's move"],
    ['redo with nothing to redo', [{ type: 'redo', playerID: '0' }], 'action/action_invalid', 'no moves to redo'],
    ['redo of another player’s undo', [move('claim', '0', [0]), { type: 'undo', playerID: '0' }, { type: 'redo', playerID: '1' }], 'action/action_invalid', "player 1 cannot redo player 0's move"],
    ['endTurn before turn.moveLimit (only logged)', [event('endTurn')], 'flow/refused', 'cannot end turn before making 3 moves'],
    ['endStage before the stage’s minMoves (only logged)', [event('setActivePlayers', [{ currentPlayer: { stage: 'S', minMoves: 2 } }]), event('endStage')], 'flow/refused', 'cannot end stage before making 2 moves'],
    ['setPhase to a phase that does not exist (only logged)', [event('setPhase', ['nowhere'])], 'flow/refused', 'invalid phase: nowhere'],
    ['a move after the game ended', [event('endGame'), move('claim', '0', [1])], 'action/gameover', 'the game is over (gameover: true)'],
    ['an event after the game ended', [event('endGame'), event('endTurn')], 'action/gameover', 'the game is over (gameover: true)'],
    ['an event that is not a boardgame.io event', [event('explode')], 'flowscope/unknown_event', 'explode is not a boardgame.io 0.49.13 event'],
  ];

  for (const [name, actions, type, message] of cases) {
    it(name, () => {
      // Flowscope refuses unknown events before the reducer, as boardgame.io's client never sends them.
      const beforeReducer = type.startsWith('flowscope/') || type.startsWith('client/');
      const { session, bare, mismatches } = runScenario(runtime, internal, { numPlayers: 3, config: game, actions: beforeReducer ? actions.slice(0, -1) : actions }, 2);
      expect(mismatches).toEqual([]);
      const last = beforeReducer ? session.dispatch(actions[actions.length - 1]) : session.step(session.lastIndex);
      expect(last.ok).toBe(false);
      expect(last.error).toEqual({ type, message });
      // A refusal changes nothing that lasts, except for the logged-only refusals (_stateID moves on).
      if (beforeReducer) expect(snapshot(session.currentState)).toEqual(bare[bare.length - 1]);
      else if (type !== 'flow/refused') expect(bare[bare.length - 1].G).toEqual(bare[bare.length - 2].G);
    });
  }

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
      ['phases.b.onBegin', 'setActivePlayers', 'rejected', '`setStage`, `endStage` & `setActivePlayers` are disallowed in a phase’s `onBegin` hook.'],
    ]);
    expect(r.trace.transitions.length).toBeGreaterThan(0);
    expect(r.trace.transitions.every((t) => t.rolledBack)).toBe(true);
  });

  it('an event the game disables is refused like boardgame.io’s client does', () => {
    const s = newSession({ ...game(), events: { endPhase: false } });
    expect(s.dispatch(event('endPhase')).error).toEqual({
      type: 'client/event_disabled',
      message: "endPhase is disabled (game.events.endPhase is false), so boardgame.io's client does not offer it",
    });
  });

  it('undo and redo when undo is disabled', () => {
    const s = newSession({ ...game(), disableUndo: true });
    expect(s.dispatch({ type: 'undo', playerID: '0' }).error).toEqual({ type: 'action/action_disabled', message: 'undo is disabled (game.disableUndo is true)' });
    expect(s.dispatch({ type: 'redo', playerID: '0' }).error).toEqual({ type: 'action/action_disabled', message: 'redo is disabled (game.disableUndo is true)' });
  });

  it('events queued by a move that then returns INVALID_MOVE are never processed', () => {
    const s = newSession({ moves: { fickle: (G: any, ctx: any) => (ctx.events.endTurn(), core.INVALID_MOVE) } });
    const r = s.dispatch(move('fickle'));
    expect(r.error?.type).toBe('action/invalid_move');
    expect(eventsOf(s, 1)).toEqual([
      { fn: 'moves.fickle', name: 'endTurn', args: [], outcome: 'dropped', reason: 'never processed: boardgame.io refused the action (action/invalid_move)' },
    ]);
    expect(r.ctx.turn).toBe(1);
  });
});

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
    expect(session.steps.map((s) => s.ctx.activePlayers)).toEqual([null, null, { 0: 'S' }, { 0: 'S' }, { 0: 'S' }, null, { 0: 'S' }, null, null]);
    expect(bare.map((s) => s._stateID)).toEqual([0, 1, 2, 3, 4, 5, 6, 0, 1]);
  });
});

describe('the release’s own console output reaches the trace', () => {
  it('a refusal boardgame.io only logs is a log line of the step, from boardgame.io', () => {
    const s = newSession({ moves: { m: () => undefined }, turn: { minMoves: 1 } });
    const r = s.dispatch(event('endTurn'));
    expect(r.trace.logs).toEqual([{ level: 'log', text: 'INFO: cannot end turn before making 1 moves', source: 'boardgame.io' }]);
  });
});

describe('the bare reducer and the session agree on the initial state with setupData', () => {
  it('setup receives ctx and setupData', () => {
    const config = (): GameConfig => ({ setup: (ctx: any, data: any) => ({ players: ctx.numPlayers, data }) });
    const s = new Session({ runtime, config: config(), numPlayers: 4, seed: 'x', setupData: { mode: 'fast' } });
    expect(s.currentState.G).toEqual({ players: 4, data: { mode: 'fast' } });
    expect(snapshot(s.currentState)).toEqual(runBarePhasesEra(internal, config, 4, 'x', [], { mode: 'fast' })[0]);
  });
});

describe('game code gets this release’s boardgame.io/plugins, and its state checks', () => {
  it('PluginPlayer from the runtime’s boardgame.io/plugins keeps per-player state, as in the bare reducer', () => {
    const { PluginPlayer } = runtime.modules['boardgame.io/plugins'] as typeof plugins;
    const config = (): GameConfig => ({
      plugins: [PluginPlayer({ setup: (id: string) => ({ score: Number(id) }) })],
      moves: { score: (G: any, ctx: any) => void ctx.player.set({ score: ctx.player.get().score + 5 }) },
    });
    const { session, mismatches } = runScenario(runtime, internal, { numPlayers: 2, config, actions: [move('score'), event('endTurn'), move('score', '1')] });
    expect(mismatches).toEqual([]);
    expect(session.currentState.plugins.player).toEqual({ data: { players: { 0: { score: 5 }, 1: { score: 6 } } } });
  });

  it('a move leaving non-serializable state in G throws inside the release (0.43.3, #896)', () => {
    const config = (): GameConfig => ({ moves: { stamp: (G: any) => void (G.when = new Date(0)) } });
    const { session, mismatches } = runScenario(runtime, internal, { numPlayers: 2, config, actions: [move('stamp')] });
    expect(mismatches).toEqual([]);
    expect(session.step(1).error).toEqual({
      type: 'flowscope/threw',
      message: 'boardgame.io threw Error: Move state is not JSON-serialiazable.\nSee https://boardgame.io/documentation/#/?id=state for more information.',
    });
    expect(session.currentState.G).toEqual({});
  });
});
