import { describe, expect, it } from 'vitest';
import { Session } from '../../session/session';
import type { FlowAction, GameConfig } from '../../types';
import { core as core039, internal as internal039, plugins as plugins039 } from '../bgio-039/bgio';
import { bgio039 } from '../bgio-039/bgio039-runtime';
import { core as core043, internal as internal043, plugins as plugins043 } from '../bgio-043/bgio';
import { bgio043 } from '../bgio-043/bgio043-runtime';
import { core as core049, internal as internal049, plugins as plugins049 } from '../bgio-049/bgio';
import { bgio049 } from '../bgio-049/bgio049-runtime';
import { loadRuntime, registerRuntime, RUNTIMES } from '../registry';
import type { BgioRuntime } from '../bgio-runtime';
import { runBarePhasesEra, snapshot } from '../../testing/bare-reducer';
import { event, eventsOf, move, runScenario } from '../../testing/phases-check';
import type { PhasesEraInternals } from './release';
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
} from '../../testing/phases-scenarios';

/**
 * The runtime tests every `(G, ctx)` release Flowscope ships passes: 0.39.16, 0.43.3 and 0.49.13.
 * Each release's own behaviours (one release only) are tested in its folder: bgio-039/undo,
 * serializable-state; bgio-043/undo; bgio-049/undo, event-verdicts, flow-features.
 * DIFFERENCES.md lists what differs between the releases.
 */
interface Release {
  version: string;
  runtime: BgioRuntime;
  internal: PhasesEraInternals;
  core: typeof core039 | typeof core043 | typeof core049;
  plugins: typeof plugins039 | typeof plugins043 | typeof plugins049;
  /** `ActivePlayers.ALL_ONCE`: `moveLimit` before 0.48.0, `minMoves`/`maxMoves` from it. */
  allOnce: Record<string, unknown>;
  /** Whether the test checks that boardgame.io/core has no `GameMethod` yet (it came with 0.48.0). */
  noGameMethod: boolean;
  /** The tally turn of the phases scenario ends at `turn.moveLimit`, which 0.48.0 reads as `turn.maxMoves`. */
  once: { title: string; turnEnd: string };
  /** A turn that refuses an early `endTurn` by one move: `moveLimit` before 0.48.0, `minMoves` from it. */
  minOneMove: GameConfig;
  ctx: {
    title: string;
    /** `typeof ctx.log?.setMetadata` in a move: the log plugin came with 0.43.0. */
    log: 'undefined' | 'function';
    /** `ctx.playerID` in `turn.onMove` (0.49.2). */
    onMovePlayerID: boolean;
    /** The plugins in the state, where the test checks them. */
    plugins?: string[];
  };
  /** The undo rework of 0.41.0: events are recorded, and only the player who acted may undo or redo. */
  undoRework: boolean;
  /** Refusals come back in `transients.error` (0.44.4); before, the release only logs them (or says nothing). */
  transients: boolean;
  /** The release binds the console when it loads (up to 0.43): Flowscope loads it between forwarders. */
  consoleBoundAtLoad: boolean;
  /** The events plugin refuses events called from the wrong hook (0.47.1). */
  eventsPluginRefuses: boolean;
  /** A move leaving non-serializable state in G throws inside the release (0.43.3, #896). */
  checksSerializable: boolean;
}

const RELEASES: Release[] = [
  {
    version: '0.39.16',
    runtime: bgio039,
    internal: internal039,
    core: core039,
    plugins: plugins039,
    allOnce: { all: null, moveLimit: 1 },
    noGameMethod: true,
    once: { title: 'ONCE running out ends the phase; the turn ended at turn.moveLimit', turnEnd: 'turn-end: turn.moveLimit (1) reached' },
    minOneMove: { moveLimit: 1 },
    ctx: {
      title: 'ctx.random, ctx.events and ctx.playerID in moves (no ctx.log before 0.43.0); turn.onMove has no ctx.playerID before 0.49.2',
      log: 'undefined',
      onMovePlayerID: false,
      plugins: ['random', 'events'],
    },
    undoRework: false,
    transients: false,
    consoleBoundAtLoad: true,
    eventsPluginRefuses: false,
    checksSerializable: false,
  },
  {
    version: '0.43.3',
    runtime: bgio043,
    internal: internal043,
    core: core043,
    plugins: plugins043,
    allOnce: { all: null, moveLimit: 1 },
    noGameMethod: true,
    once: { title: 'ONCE running out ends the phase; the turn ended at turn.moveLimit', turnEnd: 'turn-end: turn.moveLimit (1) reached' },
    minOneMove: { moveLimit: 1 },
    ctx: {
      title: 'ctx.random, ctx.log (0.43.0), ctx.events and ctx.playerID in moves; turn.onMove has no ctx.playerID before 0.49.2',
      log: 'function',
      onMovePlayerID: false,
    },
    undoRework: true,
    transients: false,
    consoleBoundAtLoad: true,
    eventsPluginRefuses: false,
    checksSerializable: true,
  },
  {
    version: '0.49.13',
    runtime: bgio049,
    internal: internal049,
    core: core049,
    plugins: plugins049,
    allOnce: { all: null, minMoves: 1, maxMoves: 1 },
    noGameMethod: false,
    once: { title: 'ONCE running out ends the phase; moveLimit is maxMoves on 0.49', turnEnd: 'turn-end: turn.maxMoves (1) reached' },
    minOneMove: { minMoves: 1 },
    ctx: {
      title: 'ctx.random, ctx.log, ctx.events and ctx.playerID (also in turn.onMove, since 0.49.2)',
      log: 'function',
      onMovePlayerID: true,
    },
    undoRework: true,
    transients: true,
    consoleBoundAtLoad: false,
    eventsPluginRefuses: true,
    checksSerializable: true,
  },
];

// [name, actions, type, message, what the release logged (checked where refusals are only logged)]
type Rejection = [string, FlowAction[], string, string, string[]];

/**
 * The refusals the rejection game produces on a release. The one-release cases are in the
 * release's folder: `undo of an event` (bgio-039/undo.test.ts) and `endStage before the stage’s
 * minMoves` (bgio-049/flow-features.test.ts).
 */
function rejections(rel: Release): Rejection[] {
  // Where refusals are only logged, undo and redo refusals are silent; with transients, flow refusals are only logged.
  const silent = rel.transients ? '' : ' (silent)';
  const onlyLogged = rel.transients ? ' (only logged)' : '';
  const nothingToUndo = rel.undoRework
    ? 'no moves to undo (undo only reaches back to the start of the current turn)'
    : 'no moves to undo (undo only reaches back to the start of the current turn, and only moves are recorded, not events)';
  // Only the player who acted may undo or redo from 0.41.0.
  const otherPlayers: Rejection[] = [
    [
      `undo of another player’s move${silent}`,
      [move('claim', '0', [0]), { type: 'undo', playerID: '1' }],
      'action/action_invalid',
      "player 1 cannot undo player 0's move",
      [],
    ],
    [
      `redo of another player’s undo${silent}`,
      [move('claim', '0', [0]), { type: 'undo', playerID: '0' }, { type: 'redo', playerID: '1' }],
      'action/action_invalid',
      "player 1 cannot redo player 0's move",
      [],
    ],
  ];
  return [
    [
      'a move no lookup level offers',
      [move('nope')],
      'action/unavailable_move',
      'move nope is not available to player 0: boardgame.io looks it up in the global moves, which offers claim, crash, once, sneaky',
      ['ERROR: disallowed move: nope'],
    ],
    [
      'a player who is not active (move)',
      [move('claim', '1', [0])],
      'action/inactive_player',
      "player 1 may not act now: it is player 0's turn and no one is in a stage",
      ['ERROR: disallowed move: claim'],
    ],
    [
      'a player who is not active (event)',
      [event('endTurn', [], '2')],
      'action/inactive_player',
      "player 2 may not act now: it is player 0's turn and no one is in a stage",
      ['ERROR: disallowed event: endTurn'],
    ],
    [
      'a move returning INVALID_MOVE',
      [move('claim', '0', [0]), move('claim', '0', [0])],
      'action/invalid_move',
      'claim returned INVALID_MOVE for args [0]',
      ['ERROR: invalid move: claim args: 0'],
    ],
    [
      'a move that throws',
      [move('crash')],
      'flowscope/threw',
      "moves.crash threw TypeError: Cannot read properties of undefined (reading 'field')",
      [],
    ],
    [`undo with nothing to undo${silent}`, [{ type: 'undo', playerID: '0' }], 'action/action_invalid', nothingToUndo, []],
    [
      `undo of a move that is not undoable${silent}`,
      [move('once'), { type: 'undo', playerID: '0' }],
      'action/action_invalid',
      'move once cannot be undone (its undoable is false)',
      [],
    ],
    ...(rel.undoRework ? otherPlayers.slice(0, 1) : []),
    [`redo with nothing to redo${silent}`, [{ type: 'redo', playerID: '0' }], 'action/action_invalid', 'no moves to redo', []],
    ...(rel.undoRework ? otherPlayers.slice(1) : []),
    [
      `endTurn before turn.moveLimit${onlyLogged}`,
      [event('endTurn')],
      'flow/refused',
      'cannot end turn before making 3 moves',
      ['INFO: cannot end turn before making 3 moves'],
    ],
    [
      'a move after the game ended',
      [event('endGame'), move('claim', '0', [1])],
      'action/gameover',
      'the game is over (gameover: true)',
      ['ERROR: cannot make move after game end'],
    ],
    [
      'an event after the game ended',
      [event('endGame'), event('endTurn')],
      'action/gameover',
      'the game is over (gameover: true)',
      ['ERROR: cannot call event after game end'],
    ],
    [
      'an event that is not a boardgame.io event',
      [event('explode')],
      'flowscope/unknown_event',
      `explode is not a boardgame.io ${rel.version} event`,
      [],
    ],
  ];
}

for (const rel of RELEASES) {
  const { version, runtime, internal, core, plugins } = rel;
  const newSession = (config: GameConfig, numPlayers = 3, seed = 'x') => new Session({ runtime, config, numPlayers, seed });
  const refusedSteps = (s: Session) => Object.fromEntries(s.steps.filter((r) => !r.ok).map((r) => [r.index, r.error!.type]));

  describe(`boardgame.io ${version} as a Flowscope runtime`, () => {
    it('is the release, in the (G, ctx) era, with its own boardgame.io/core and /plugins', async () => {
      expect(runtime.version).toBe(version);
      expect(runtime.era).toBe('phases-g-ctx');
      expect(runtime.modules['boardgame.io/core']).toBe(core);
      expect(runtime.modules['boardgame.io/plugins']).toBe(plugins);
      // Before 0.48.0 the presets limit stages with moveLimit; 0.48.0 replaced it with minMoves/maxMoves.
      expect(core.ActivePlayers.ALL_ONCE).toEqual(rel.allOnce);
      if (rel.noGameMethod) expect('GameMethod' in core).toBe(false);
      registerRuntime(runtime);
      expect(RUNTIMES.filter((r) => r.version === version)).toHaveLength(1);
      expect(await loadRuntime(version)).toBe(runtime);
    });
  });

  describe(`sessions on ${version} are the bare reducer’s states, step by step, on seek and on a second run`, () => {
    it('phases: start, endIf, next, per-phase moves, DEFAULT/CUSTOM/ONCE orders, moveLimit, game endIf', () => {
      const { session, mismatches } = runScenario(runtime, internal, phasesScenario(core));
      expect(mismatches).toEqual([]);
      expect(session.steps.map((s) => s.ctx)).toEqual(PHASES_CTX);
      expect(refusedSteps(session)).toEqual(PHASES_REFUSED);
      expect(session.step(2).error?.message).toBe(
        'move shout is not available to player 1: boardgame.io looks it up in phase draw, which offers draw',
      );
      expect(session.currentState.G).toMatchObject({ table: ['1', '0', '1', '1'], rolls: [4] });
    });

    it('stages: setStage/endStage with next, stage moves, setActivePlayers with others/value/moveLimit/revert', () => {
      const { session, mismatches } = runScenario(runtime, internal, stagesScenario());
      expect(mismatches).toEqual([]);
      expect(session.steps.map((s) => s.ctx)).toEqual(STAGES_CTX);
      expect(refusedSteps(session)).toEqual(STAGES_REFUSED);
      expect(session.step(3).error?.message).toBe(
        'move say is not available to player 0: boardgame.io looks it up in stage think, which offers mark',
      );
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
      expect(session.step(4).trace.transitions.find((t) => t.type === 'turn-end')?.cause).toBe(
        'phases.main.turn.endIf returned {"next":"0"}',
      );
    });

    it('the reactive pattern of seed 004 works: turn.onMove calls ctx.events.setActivePlayers', () => {
      const { session, mismatches } = runScenario(runtime, internal, reactiveScenario());
      expect(mismatches).toEqual([]);
      expect(session.steps.map((s) => s.ctx)).toEqual(REACTIVE_CTX);
      expect(refusedSteps(session)).toEqual(REACTIVE_REFUSED);
      expect(eventsOf(session, 1)).toEqual([
        { fn: 'turn.onMove', name: 'setActivePlayers', args: [{ value: { 2: 'respondToBang' }, moveLimit: 1 }], outcome: 'applied' },
      ]);
      // The current player, active until then, leaves too: no stage is named for it.
      expect(
        session
          .step(1)
          .trace.transitions.filter((t) => t.type === 'stage')
          .map((t) => [t.player, t.from, t.to]),
      ).toEqual([
        ['0', null, undefined],
        ['2', undefined, 'respondToBang'],
      ]);
      expect(session.step(1).trace.transitions.find((t) => t.type === 'stage' && t.player === '2')).toMatchObject({
        player: '2',
        to: 'respondToBang',
        automatic: false,
        cause: 'turn.onMove called setActivePlayers({"value":{"2":"respondToBang"},"moveLimit":1})',
      });
      // moveLimit in setActivePlayers is a maximum only (0.48+ maps it to maxMoves): one response, then out.
      expect(
        session
          .step(3)
          .trace.transitions.filter((t) => t.type === 'stage')
          .map((t) => [t.player, t.cause]),
      ).toEqual([
        ['0', 'activePlayers emptied, so control returned to the current player'],
        ['2', 'player 2 made its last allowed move (maxMoves) and left the stage'],
      ]);
      expect(session.currentState.G).toEqual({ health: [2, 2, 1], pendingAction: null });
    });

    it('game.seed makes ctx.random deterministic; a different seed gives different numbers', () => {
      const play = (seed: string) => {
        const s = new Session({
          runtime,
          config: { setup: () => ({ rolls: [] }), moves: { roll: (G: any, ctx: any) => void G.rolls.push(...ctx.random.D6(6)) } },
          numPlayers: 2,
          seed,
        });
        s.dispatch(move('roll'));
        return (s.currentState.G as { rolls: number[] }).rolls;
      };
      expect(play('flowscope')).toEqual(play('flowscope'));
      expect(play('another seed')).not.toEqual(play('flowscope'));
    });
  });

  describe(`trace paths on ${version}`, () => {
    const { session } = runScenario(runtime, internal, phasesScenario(core));
    const fns = (i: number) => session.step(i).trace.entries.map((e) => (e.playerID ? `${e.fn}@${e.playerID}` : e.fn));
    const causes = (i: number) => session.step(i).trace.transitions.map((t) => `${t.type}: ${t.cause}`);

    it('game start: setup, then the game and phase triggers around each start', () => {
      expect(fns(0)).toEqual([
        'setup',
        'endIf',
        'phases.draw.endIf',
        'phases.draw.onBegin',
        'endIf',
        'phases.draw.endIf',
        'endIf',
        'phases.draw.endIf',
      ]);
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
        'turn-begin: first turn of phase play (phases.play.turn.order.first returned 0: playOrder[0] is player 1)',
      ]);
    });

    it(rel.once.title, () => {
      expect(causes(12)).toEqual([
        rel.once.turnEnd,
        'turn-end: phase tally is ending: phases.tally.turn.order.next returned undefined (every player has played)',
        'phase-end: phases.tally.turn.order.next returned undefined (every player has played)',
        "phase-begin: phases.tally.next is 'play'",
        'turn-begin: first turn of phase play (phases.play.turn.order.first returned 0: playOrder[0] is player 1)',
      ]);
    });

    it('the game endIf ends the phase and the game (turn.onEnd is not run)', () => {
      expect(fns(14)).toEqual(['phases.play.moves.play@1', 'endIf', 'onEnd']);
      expect(causes(14)).toEqual(['phase-end: the game is ending: endIf returned {"cards":4}', 'game-end: endIf returned {"cards":4}']);
    });

    it('stage moves, long-form moves and their undoable are traced under their config paths', () => {
      const config = (): GameConfig => ({
        moves: { keep: { move: (G: any) => void (G.kept = true), undoable: (G: any) => !G.kept } },
        turn: { stages: { S: { moves: { poke: () => undefined } } }, onMove: () => undefined },
      });
      const s = newSession(config());
      const stageMove = () => {
        s.dispatch(event('setStage', ['S']));
        expect(s.dispatch(move('poke')).trace.entries.map((e) => e.fn)).toEqual(['turn.stages.S.moves.poke', 'turn.onMove']);
      };
      const undoKeep = () => {
        s.dispatch(move('keep'));
        const undo = s.dispatch({ type: 'undo', playerID: '0' });
        expect(undo.trace.entries.map((e) => [e.fn, e.returned])).toEqual([['moves.keep.undoable', false]]);
        expect(undo.error?.type).toBe('action/action_invalid');
      };
      if (rel.undoRework) {
        stageMove();
        s.dispatch(event('endStage'));
        undoKeep();
      } else {
        // Before 0.41.0 undo after an unrecorded endStage throws (bgio-039/undo.test.ts): undo first.
        undoKeep();
        stageMove();
      }
    });
  });

  describe(`ctx in game code on ${version} is the release’s own`, () => {
    const config = (): GameConfig => ({
      setup: (ctx: any) => ({ seen: [] as unknown[], setup: { random: typeof ctx.random?.D6, events: typeof ctx.events?.endTurn } }),
      moves: {
        look: (G: any, ctx: any) =>
          void G.seen.push({
            in: 'move',
            playerID: ctx.playerID,
            random: typeof ctx.random.D6,
            log: typeof ctx.log?.setMetadata,
            events: typeof ctx.events.endTurn,
            d6: ctx.random.D6(),
          }),
      },
      turn: {
        activePlayers: { all: null },
        onMove: (G: any, ctx: any) => void G.seen.push({ in: 'onMove', playerID: ctx.playerID, events: typeof ctx.events?.endTurn }),
        onBegin: (G: any, ctx: any) => void G.seen.push({ in: 'onBegin', playerID: ctx.playerID, events: typeof ctx.events?.endTurn }),
      },
    });

    it(rel.ctx.title, () => {
      const { session, mismatches } = runScenario(runtime, internal, { numPlayers: 2, config, actions: [move('look', '1')] });
      expect(mismatches).toEqual([]);
      expect(session.currentState.G).toEqual({
        setup: { random: 'function', events: 'function' },
        seen: [
          { in: 'onBegin', events: 'function' },
          { in: 'move', playerID: '1', random: 'function', log: rel.ctx.log, events: 'function', d6: 4 },
          rel.ctx.onMovePlayerID ? { in: 'onMove', playerID: '1', events: 'function' } : { in: 'onMove', events: 'function' },
        ],
      });
      if (!rel.ctx.onMovePlayerID) expect((session.currentState.G as any).seen[2]).not.toHaveProperty('playerID', '1');
      if (rel.ctx.plugins) expect(Object.keys(session.currentState.plugins)).toEqual(rel.ctx.plugins);
      // The trace still says whose move turn.onMove ran after.
      expect(session.step(1).trace.entries.map((e) => `${e.fn}@${e.playerID}`)).toEqual(['moves.look@1', 'turn.onMove@1']);
    });
  });

  describe(`the runtime surface on ${version}`, () => {
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

  const rejectionsTitle = rel.transients
    ? `every rejection on ${version} is a step with the release’s reason (transients.error)`
    : `every rejection on ${version} is a step: the release only logs it (or says nothing), so the reason is established from the state`;
  describe(rejectionsTitle, () => {
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

    for (const [name, actions, type, message, logged] of rejections(rel)) {
      it(name, () => {
        // Flowscope refuses unknown events before the reducer, as boardgame.io's client never sends them.
        const beforeReducer = type.startsWith('flowscope/') || type.startsWith('client/');
        const { session, bare, mismatches } = runScenario(
          runtime,
          internal,
          { numPlayers: 3, config: game, actions: beforeReducer ? actions.slice(0, -1) : actions },
          2,
        );
        expect(mismatches).toEqual([]);
        const last = beforeReducer ? session.dispatch(actions[actions.length - 1]) : session.step(session.lastIndex);
        expect(last.ok).toBe(false);
        expect(last.error).toEqual({ type, message });
        if (!rel.transients) expect(last.trace.logs.filter((l) => l.source === 'boardgame.io').map((l) => l.text)).toEqual(logged);
        // A refusal changes nothing that lasts, except for the logged-only refusals (_stateID moves on).
        if (beforeReducer) expect(snapshot(session.currentState)).toEqual(bare[bare.length - 1]);
        else if (type !== 'flow/refused') expect(bare[bare.length - 1].G).toEqual(bare[bare.length - 2].G);
      });
    }

    it('setPhase to a phase that does not exist is not refused: boardgame.io logs an error but ends phase p, and the error is kept as a warning', () => {
      const { session, mismatches } = runScenario(
        runtime,
        internal,
        { numPlayers: 3, config: game, actions: [event('setPhase', ['nowhere'])] },
        2,
      );
      expect(mismatches).toEqual([]);
      const step = session.step(1);
      expect([step.ok, step.error]).toEqual([true, null]);
      expect([session.step(0).ctx.phase, step.ctx.phase]).toEqual(['p', null]);
      expect(step.trace.logs.map((l) => [l.source, l.text])).toEqual([
        ['boardgame.io', 'ERROR: invalid phase: nowhere'],
        ['flowscope', 'player 0\'s setPhase("nowhere") took effect although boardgame.io logged "invalid phase: nowhere"'],
      ]);
    });

    // From 0.47.1 the events plugin refuses this instead: bgio-049/event-verdicts.test.ts.
    if (!rel.eventsPluginRefuses) {
      it('there is no events-plugin refusal: a stage event in phase.onBegin is simply applied', () => {
        const config = (): GameConfig => ({
          setup: () => ({ moved: false }),
          moves: { go: (G: any, ctx: any) => void ((G.moved = true), ctx.events.setPhase('b')) },
          phases: { a: { start: true }, b: { onBegin: (G: any, ctx: any) => void ctx.events.setActivePlayers({ all: 'x' }) } },
        });
        const { session, mismatches } = runScenario(runtime, internal, { numPlayers: 3, config, actions: [move('go')] });
        expect(mismatches).toEqual([]);
        const r = session.step(1);
        expect(r.ok).toBe(true);
        expect(session.currentState.G).toEqual({ moved: true });
        expect(r.ctx).toMatchObject({ phase: 'b', turn: 2, activePlayers: { 0: 'x', 1: 'x', 2: 'x' } });
        expect(eventsOf(session, 1).map((e) => [e.fn, e.name, e.outcome])).toEqual([
          ['moves.go', 'setPhase', 'applied'],
          ['phases.b.onBegin', 'setActivePlayers', 'applied'],
        ]);
      });
    }

    it('an event the game disables is refused like boardgame.io’s client does', () => {
      const s = newSession({ ...game(), events: { endPhase: false } });
      expect(s.dispatch(event('endPhase')).error).toEqual({
        type: 'client/event_disabled',
        message: "endPhase is disabled (game.events.endPhase is false), so boardgame.io's client does not offer it",
      });
    });

    it('undo and redo when undo is disabled', () => {
      const s = newSession({ ...game(), disableUndo: true });
      expect(s.dispatch({ type: 'undo', playerID: '0' }).error).toEqual({
        type: 'action/action_disabled',
        message: 'undo is disabled (game.disableUndo is true)',
      });
      expect(s.dispatch({ type: 'redo', playerID: '0' }).error).toEqual({
        type: 'action/action_disabled',
        message: 'redo is disabled (game.disableUndo is true)',
      });
    });

    it('events queued by a move that then returns INVALID_MOVE are never processed', () => {
      const s = newSession({ moves: { fickle: (G: any, ctx: any) => (ctx.events.endTurn(), core.INVALID_MOVE) } });
      const r = s.dispatch(move('fickle'));
      expect(r.error?.type).toBe('action/invalid_move');
      expect(eventsOf(s, 1)).toEqual([
        {
          fn: 'moves.fickle',
          name: 'endTurn',
          args: [],
          outcome: 'dropped',
          reason: 'never processed: boardgame.io refused the action (action/invalid_move)',
        },
      ]);
      expect(r.ctx.turn).toBe(1);
    });
  });

  describe(`the release’s own console output reaches the trace on ${version}`, () => {
    it('a refusal boardgame.io only logs is a log line of the step, from boardgame.io', () => {
      const s = newSession({ moves: { m: () => undefined }, turn: rel.minOneMove });
      const r = s.dispatch(event('endTurn'));
      expect(r.trace.logs).toEqual([{ level: 'log', text: 'INFO: cannot end turn before making 1 moves', source: 'boardgame.io' }]);
      // Up to 0.43 the release binds console.log/error when it loads (changed in 0.44.0): Flowscope loads it with forwarders.
      if (rel.consoleBoundAtLoad)
        expect(s.dispatch(move('nope')).trace.logs).toEqual([
          { level: 'error', text: 'ERROR: disallowed move: nope', source: 'boardgame.io' },
        ]);
    });
  });

  describe(`the bare reducer and the session agree on the initial state with setupData on ${version}`, () => {
    it('setup receives ctx and setupData', () => {
      const config = (): GameConfig => ({ setup: (ctx: any, data: any) => ({ players: ctx.numPlayers, data }) });
      const s = new Session({ runtime, config: config(), numPlayers: 4, seed: 'x', setupData: { mode: 'fast' } });
      expect(s.currentState.G).toEqual({ players: 4, data: { mode: 'fast' } });
      expect(snapshot(s.currentState)).toEqual(runBarePhasesEra(internal, config, 4, 'x', [], { mode: 'fast' })[0]);
    });
  });

  describe(`game code gets ${version}’s boardgame.io/plugins, and its state checks`, () => {
    it('PluginPlayer from the runtime’s boardgame.io/plugins keeps per-player state, as in the bare reducer', () => {
      const { PluginPlayer } = runtime.modules['boardgame.io/plugins'] as typeof plugins;
      const config = (): GameConfig => ({
        plugins: [PluginPlayer({ setup: (id: string) => ({ score: Number(id) }) })],
        moves: { score: (G: any, ctx: any) => void ctx.player.set({ score: ctx.player.get().score + 5 }) },
      });
      const { session, mismatches } = runScenario(runtime, internal, {
        numPlayers: 2,
        config,
        actions: [move('score'), event('endTurn'), move('score', '1')],
      });
      expect(mismatches).toEqual([]);
      expect(session.currentState.plugins.player).toEqual({ data: { players: { 0: { score: 5 }, 1: { score: 6 } } } });
    });

    // Before 0.43.3 non-serializable state is accepted: bgio-039/serializable-state.test.ts.
    if (rel.checksSerializable) {
      it('a move leaving non-serializable state in G throws inside the release (0.43.3, #896)', () => {
        const config = (): GameConfig => ({ moves: { stamp: (G: any) => void (G.when = new Date(0)) } });
        const { session, mismatches } = runScenario(runtime, internal, { numPlayers: 2, config, actions: [move('stamp')] });
        expect(mismatches).toEqual([]);
        expect(session.step(1).error).toEqual({
          type: 'flowscope/threw',
          message:
            'boardgame.io threw Error: Move state is not JSON-serialiazable.\nSee https://boardgame.io/documentation/#/?id=state for more information.',
        });
        expect(session.currentState.G).toEqual({});
      });
    }
  });
}
