import type { FlowCtx, GameConfig } from '../types';
import { event, move, type Scenario } from './phases-check';

/**
 * Games written for the `(G, ctx)` releases, shared by the tests of 0.39, 0.43 and 0.49. Each
 * takes the release's own `boardgame.io/core` (its TurnOrder presets differ between releases).
 */
type Core = { TurnOrder: Record<string, any>; ActivePlayers: Record<string, any>; Stage: { NULL: null }; INVALID_MOVE: string };

/**
 * Phases (start, endIf, static next, per-phase moves, hooks), turn orders (DEFAULT, CUSTOM,
 * ONCE), `turn.moveLimit` (read by every release: min and max up to 0.47, both from 0.48),
 * `ctx.random`, and a game `endIf`. Two players.
 */
export function phasesScenario(core: Core): Scenario {
  const config = (): GameConfig => ({
    setup: (ctx: any) => ({
      deck: 3,
      hands: Array(ctx.numPlayers).fill(0),
      table: [] as string[],
      rolls: [] as number[],
      log: [] as string[],
    }),
    moves: { shout: (G: any, ctx: any) => void G.log.push(`shout ${ctx.playerID}`) },
    endIf: (G: any) => (G.table.length >= 4 ? { cards: G.table.length } : undefined),
    onEnd: (G: any) => void G.log.push('game over'),
    phases: {
      draw: {
        start: true,
        moves: { draw: (G: any, ctx: any) => void (G.deck--, G.hands[ctx.currentPlayer]++) },
        endIf: (G: any) => G.deck <= 0,
        next: 'play',
        onBegin: (G: any) => void G.log.push('draw begins'),
        onEnd: (G: any) => void G.log.push('draw ends'),
        turn: { moveLimit: 1 },
      },
      play: {
        moves: {
          play: (G: any, ctx: any) => void (G.hands[ctx.currentPlayer]--, G.table.push(ctx.currentPlayer)),
          roll: (G: any, ctx: any) => void G.rolls.push(ctx.random.D6()),
        },
        turn: { order: core.TurnOrder.CUSTOM(['1', '0']) },
        next: 'tally',
      },
      tally: {
        moves: { count: (G: any, ctx: any) => void G.log.push(`count ${ctx.currentPlayer}`) },
        turn: {
          order: core.TurnOrder.ONCE,
          moveLimit: 1,
          onBegin: (G: any, ctx: any) => void G.log.push(`tally turn ${ctx.currentPlayer}`),
        },
        next: 'play',
      },
    },
  });
  return {
    numPlayers: 2,
    config,
    actions: [
      move('draw', '0'), // 1: moveLimit ends the turn
      move('shout', '1'), // 2: refused: phase draw has its own moves
      move('draw', '1'), // 3
      move('draw', '0'), // 4: deck empty: draw.endIf, next 'play' (CUSTOM order 1, 0)
      move('play', '1'), // 5
      move('roll', '1'), // 6: ctx.random
      event('endTurn', [], '1'), // 7
      move('play', '0'), // 8
      event('endPhase', [], '0'), // 9: next 'tally' (ONCE: playOrder is reset to 0, 1)
      move('count', '1'), // 10: refused: it is player 0's turn
      move('count', '0'), // 11
      move('count', '1'), // 12: ONCE runs out: the phase ends, next 'play'
      move('play', '1'), // 13
      move('play', '1'), // 14: four cards: the game's endIf ends it
      move('shout', '0'), // 15: refused: game over (the game ended the phase: the global moves apply)
      event('endTurn', [], '0'), // 16: refused: game over
    ],
  };
}

/**
 * Stages: setStage / endStage with stage `next`, stage moves vs global moves, a stage without
 * moves (falls through to the global moves), setActivePlayers with `currentPlayer`, `others`
 * + `moveLimit` + `revert`, `value`, called from moves. Three players.
 */
export function stagesScenario(): Scenario {
  const config = (): GameConfig => ({
    setup: () => ({ marks: [] as string[] }),
    moves: {
      mark: (G: any, ctx: any) => void G.marks.push(`mark ${ctx.playerID}`),
      open: (G: any, ctx: any) => void ctx.events.setActivePlayers({ currentPlayer: 'open' }),
      rally: (G: any, ctx: any) => void ctx.events.setActivePlayers({ others: 'vote', moveLimit: 1, revert: true }),
      ask: (G: any, ctx: any, target: string) => void ctx.events.setActivePlayers({ value: { [target]: 'answer' }, moveLimit: 1 }),
    },
    turn: {
      stages: {
        think: { moves: { mark: (G: any, ctx: any) => void G.marks.push(`think ${ctx.playerID}`) }, next: 'speak' },
        speak: { moves: { say: (G: any, ctx: any) => void G.marks.push(`say ${ctx.playerID}`) } },
        open: {},
        vote: { moves: { vote: (G: any, ctx: any) => void G.marks.push(`vote ${ctx.playerID}`) } },
        answer: { moves: { reply: (G: any, ctx: any) => void G.marks.push(`reply ${ctx.playerID}`) } },
      },
    },
  });
  return {
    numPlayers: 3,
    config,
    actions: [
      event('setStage', ['think'], '0'), // 1
      move('mark', '0'), // 2: the stage's mark
      move('say', '0'), // 3: refused: stage think offers mark only
      event('endStage', [], '0'), // 4: think.next is speak
      move('say', '0'), // 5
      event('endStage', [], '0'), // 6: speak has no next: activePlayers empties
      move('open', '0'), // 7: {0: open}
      move('rally', '0'), // 8: stage open has no moves: the global rally; others vote, once, revert
      move('vote', '1'), // 9
      move('mark', '1'), // 10: refused: player 1 left its stage
      move('vote', '2'), // 11: everyone voted: back to {0: open}
      event('endStage', [], '0'), // 12
      move('ask', '0', ['2']), // 13: {2: answer}, once
      move('reply', '2'), // 14
      event('endTurn', [], '0'), // 15
    ],
  };
}

/**
 * Turn orders: a custom `order` with `first`/`next` functions, `endTurn({ next })`,
 * `pass({ remove: true })` until the phase ends, CUSTOM_FROM, and a function `endIf` on the turn
 * returning `{ next }`. Three players.
 */
export function turnOrderScenario(core: Core): Scenario {
  const config = (): GameConfig => ({
    setup: () => ({ seats: ['2', '0'], passes: 0, moves: 0 }),
    moves: { act: (G: any) => void G.moves++, hand: (G: any) => void (G.moves = 10) },
    phases: {
      main: {
        start: true,
        turn: {
          order: { first: () => 2, next: (G: any, ctx: any) => (ctx.playOrderPos + 2) % ctx.playOrder.length },
          endIf: (G: any) => (G.moves >= 10 ? { next: '0' } : false),
        },
        next: 'seated',
      },
      seated: { turn: { order: core.TurnOrder.CUSTOM_FROM('seats') } },
    },
  });
  return {
    numPlayers: 3,
    config,
    actions: [
      event('endTurn', [], '2'), // 1: order.next: (2 + 2) % 3 = 1
      event('endTurn', [{ next: '0' }], '1'), // 2
      move('act', '0'), // 3
      move('hand', '0'), // 4: turn.endIf returns { next: '0' }
      event('pass', [{ remove: true }], '0'), // 5
      event('pass', [{ remove: true }], '1'), // 6
      event('pass', [{ remove: true }], '2'), // 7: nobody left: the phase ends, next 'seated'
      event('endTurn', [], '2'), // 8
    ],
  };
}

/**
 * The reactive pattern of /work/shared/seeds/004: `turn.onMove` reads `G.pendingAction` and calls
 * `ctx.events.setActivePlayers` (with the deprecated `moveLimit`) to ask the target to respond.
 * It works on every `(G, ctx)` release; on 0.50 the same code cannot run (`ctx` is undefined
 * there, see the 0.50.2 reference §9).
 */
export function reactiveScenario(): Scenario {
  const config = (): GameConfig => ({
    setup: (ctx: any) => ({ health: Array(ctx.numPlayers).fill(2), pendingAction: null as null | Record<string, unknown> }),
    moves: {
      playBang: (G: any, ctx: any, target: string) => {
        if (target === ctx.currentPlayer) return 'INVALID_MOVE';
        G.pendingAction = { type: 'BANG', source: ctx.currentPlayer, target };
      },
    },
    turn: {
      onMove: (G: any, ctx: any) => {
        if (G.pendingAction && ctx.events?.setActivePlayers) {
          ctx.events.setActivePlayers({ value: { [G.pendingAction.target]: 'respondToBang' }, moveLimit: 1 });
        }
      },
      stages: {
        respondToBang: {
          moves: {
            playMissed: (G: any) => void (G.pendingAction = null),
            takeDamage: (G: any, ctx: any) => void (G.health[ctx.playerID]--, (G.pendingAction = null)),
          },
        },
      },
    },
  });
  return {
    numPlayers: 3,
    config,
    actions: [
      move('playBang', '0', ['2']), // 1: onMove puts 2 in respondToBang
      move('playBang', '0', ['1']), // 2: refused: activePlayers is set and 0 is not in it
      move('takeDamage', '2'), // 3: 2 leaves its stage (moveLimit 1): activePlayers null
      move('playBang', '0', ['1']), // 4
      move('playMissed', '1'), // 5
      event('endTurn', [], '0'), // 6
    ],
  };
}

/** A FlowCtx in short: `order` is the play order as a string of single-digit IDs. */
export function flowCtx(
  phase: string | null,
  turn: number,
  currentPlayer: string,
  order: string,
  playOrderPos: number,
  activePlayers: FlowCtx['activePlayers'] = null,
  numMoves = 0,
  gameover?: unknown,
): FlowCtx {
  return { phase, turn, currentPlayer, playOrder: [...order], playOrderPos, activePlayers, numMoves, gameover };
}

/** The FlowCtx after each step of phasesScenario, the same on 0.39.16, 0.43.3 and 0.49.13. */
export const PHASES_CTX: FlowCtx[] = [
  flowCtx('draw', 1, '0', '01', 0),
  flowCtx('draw', 2, '1', '01', 1),
  flowCtx('draw', 2, '1', '01', 1),
  flowCtx('draw', 3, '0', '01', 0),
  flowCtx('play', 4, '1', '10', 0),
  flowCtx('play', 4, '1', '10', 0, null, 1),
  flowCtx('play', 4, '1', '10', 0, null, 2),
  flowCtx('play', 5, '0', '10', 1),
  flowCtx('play', 5, '0', '10', 1, null, 1),
  flowCtx('tally', 6, '0', '01', 0),
  flowCtx('tally', 6, '0', '01', 0),
  flowCtx('tally', 7, '1', '01', 1),
  flowCtx('play', 8, '1', '10', 0),
  flowCtx('play', 8, '1', '10', 0, null, 1),
  flowCtx(null, 8, '1', '10', 0, null, 2, { cards: 4 }),
  flowCtx(null, 8, '1', '10', 0, null, 2, { cards: 4 }),
  flowCtx(null, 8, '1', '10', 0, null, 2, { cards: 4 }),
];
export const PHASES_REFUSED: Record<number, string> = {
  2: 'action/unavailable_move',
  10: 'action/inactive_player',
  15: 'action/gameover',
  16: 'action/gameover',
};

/** The FlowCtx after each step of stagesScenario, the same on 0.39.16, 0.43.3 and 0.49.13. */
export const STAGES_CTX: FlowCtx[] = [
  flowCtx(null, 1, '0', '012', 0),
  flowCtx(null, 1, '0', '012', 0, { 0: 'think' }),
  flowCtx(null, 1, '0', '012', 0, { 0: 'think' }, 1),
  flowCtx(null, 1, '0', '012', 0, { 0: 'think' }, 1),
  flowCtx(null, 1, '0', '012', 0, { 0: 'speak' }, 1),
  flowCtx(null, 1, '0', '012', 0, { 0: 'speak' }, 2),
  flowCtx(null, 1, '0', '012', 0, null, 2),
  flowCtx(null, 1, '0', '012', 0, { 0: 'open' }, 3),
  flowCtx(null, 1, '0', '012', 0, { 1: 'vote', 2: 'vote' }, 4),
  flowCtx(null, 1, '0', '012', 0, { 2: 'vote' }, 4),
  flowCtx(null, 1, '0', '012', 0, { 2: 'vote' }, 4),
  flowCtx(null, 1, '0', '012', 0, { 0: 'open' }, 4),
  flowCtx(null, 1, '0', '012', 0, null, 4),
  flowCtx(null, 1, '0', '012', 0, { 2: 'answer' }, 5),
  flowCtx(null, 1, '0', '012', 0, null, 5),
  flowCtx(null, 2, '1', '012', 1),
];
export const STAGES_REFUSED: Record<number, string> = { 3: 'action/unavailable_move', 10: 'action/inactive_player' };

/**
 * The FlowCtx after each step of turnOrderScenario, the same on 0.39.16, 0.43.3 and 0.49.13.
 * Step 7: the last `pass({ remove: true })` empties playOrder; the release then starts turn 7
 * (in no phase) before the phase's end takes effect, and seated begins with turn 8.
 */
export const TURN_ORDER_CTX: FlowCtx[] = [
  flowCtx('main', 1, '2', '012', 2),
  flowCtx('main', 2, '1', '012', 1),
  flowCtx('main', 3, '0', '012', 0),
  flowCtx('main', 3, '0', '012', 0, null, 1),
  flowCtx('main', 4, '0', '012', 0),
  flowCtx('main', 5, '1', '12', 0),
  flowCtx('main', 6, '2', '2', 0),
  flowCtx('seated', 8, '2', '20', 0),
  flowCtx('seated', 9, '0', '20', 1),
];

/** The FlowCtx after each step of reactiveScenario, the same on 0.39.16, 0.43.3 and 0.49.13. */
export const REACTIVE_CTX: FlowCtx[] = [
  flowCtx(null, 1, '0', '012', 0),
  flowCtx(null, 1, '0', '012', 0, { 2: 'respondToBang' }, 1),
  flowCtx(null, 1, '0', '012', 0, { 2: 'respondToBang' }, 1),
  flowCtx(null, 1, '0', '012', 0, null, 1),
  flowCtx(null, 1, '0', '012', 0, { 1: 'respondToBang' }, 2),
  flowCtx(null, 1, '0', '012', 0, null, 2),
  flowCtx(null, 2, '1', '012', 1),
];
export const REACTIVE_REFUSED: Record<number, string> = { 2: 'action/inactive_player' };
