/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { ActionError, BgioState, FlowAction } from '../types';

export interface MoveLookup {
  moveSource(state: BgioState, playerID: string): { where: string; moves: string[] };
  /** The `undoable` the game wrote for move `name` (in a stage, the phase or the global moves), if any. */
  undoableOf?(state: BgioState, name: string): unknown;
}

/** How a release's undo differs from 0.50's (boardgame.io 0.39/0.40 record only moves, and let anyone undo). */
export interface UndoRules {
  recordsOnlyMoves?: boolean;
  anyoneMayUndo?: boolean;
}

const STACK_MARK = '\nError: Events Plugin Error';

/** The events plugin's refusal message without the stack trace boardgame.io appends to it. */
export function stripStack(message: string): string {
  const at = message.indexOf(STACK_MARK);
  return (at >= 0 ? message.slice(0, at) : message).trim();
}

/**
 * A refusal as a sentence that says what was refused and why. `type` is boardgame.io's
 * `ActionErrorType` (its `transients.error.type` from 0.44.4 on; older releases refuse the same
 * things without naming them, and the same names are used for them).
 */
export function describeActionError(
  type: string,
  payload: any,
  action: FlowAction,
  state: BgioState,
  game: MoveLookup,
  undo: UndoRules = {},
): ActionError {
  const ctx = state.ctx;
  const who = 'playerID' in action ? action.playerID : undefined;
  const actors = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
  switch (type) {
    case 'action/unavailable_move': {
      const name = action.type === 'move' ? action.name : '?';
      const { where, moves } = game.moveSource(state, who ?? ctx.currentPlayer);
      const offer = moves.length ? moves.join(', ') : 'no moves';
      return {
        type,
        message: `move ${name} is not available to player ${who}: boardgame.io looks it up in ${where}, which offers ${offer}`,
      };
    }
    case 'action/inactive_player':
      return {
        type,
        message: `player ${who} may not act now: ${ctx.activePlayers ? `the active players are ${actors.join(', ') || 'none'}` : `it is player ${ctx.currentPlayer}'s turn and no one is in a stage`}`,
      };
    case 'action/invalid_move':
      return {
        type,
        message: `${action.type === 'move' ? action.name : 'the move'} returned INVALID_MOVE for args ${JSON.stringify(action.type === 'move' ? action.args : [])}`,
      };
    case 'action/gameover':
      return { type, message: `the game is over (gameover: ${JSON.stringify(ctx.gameover)})` };
    case 'action/action_disabled':
      return { type, message: `${action.type} is disabled (game.disableUndo is true)` };
    case 'action/action_invalid':
      return { type, message: describeUndoRefusal(action, state, undo, game) };
    case 'action/plugin_invalid':
      return { type, message: `the ${payload?.plugin ?? 'a'} plugin refused the action: ${stripStack(String(payload?.message ?? ''))}` };
    default:
      return { type, message: payload === undefined ? type : JSON.stringify(payload) };
  }
}

function describeUndoRefusal(action: FlowAction, state: BgioState, rules: UndoRules, game: MoveLookup): string {
  const undo = state._undo ?? [];
  const redo = state._redo ?? [];
  if (action.type === 'undo') {
    if (undo.length < 2)
      return `no moves to undo (undo only reaches back to the start of the current turn${rules.recordsOnlyMoves ? ', and only moves are recorded, not events' : ''})`;
    const last = undo[undo.length - 1];
    if (!rules.anyoneMayUndo && action.playerID !== last.playerID)
      return `player ${action.playerID} cannot undo player ${last.playerID}'s move`;
    const undoable = game.undoableOf?.(state, last.moveType);
    return typeof undoable === 'function'
      ? `move ${last.moveType} cannot be undone (its undoable function returned false)`
      : `move ${last.moveType} cannot be undone (its undoable is false)`;
  }
  if (action.type === 'redo') {
    if (redo.length === 0) return 'no moves to redo';
    return `player ${action.playerID} cannot redo player ${redo[0].playerID}'s move`;
  }
  return 'the action is not possible now';
}
