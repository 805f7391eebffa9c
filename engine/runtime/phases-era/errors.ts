import type { ActionError, BgioState, FlowAction } from '../../types';
import { stripStack } from './events-probe';
import type { ReleaseTraits } from './release';

export interface MoveLookup {
  moveSource(state: BgioState, playerID: string): { where: string; moves: string[] };
}

/**
 * A refusal as a sentence that says what was refused and why. `type` is boardgame.io's
 * `ActionErrorType` (its `transients.error.type` from 0.44.4 on); releases before 0.44.4 refuse
 * the same things without naming them, and the same names are used for them.
 */
export function describeActionError(
  type: string,
  payload: any,
  action: FlowAction,
  state: BgioState,
  game: MoveLookup,
  traits: ReleaseTraits,
): ActionError {
  const ctx = state.ctx;
  const who = 'playerID' in action ? action.playerID : undefined;
  const actors = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
  switch (type) {
    case 'action/unavailable_move': {
      const name = action.type === 'move' ? action.name : '?';
      const { where, moves } = game.moveSource(state, who ?? ctx.currentPlayer);
      const offer = moves.length ? moves.join(', ') : 'no moves';
      return { type, message: `move ${name} is not available to player ${who}: boardgame.io looks it up in ${where}, which offers ${offer}` };
    }
    case 'action/inactive_player':
      return {
        type,
        message: `player ${who} may not act now: ${ctx.activePlayers ? `the active players are ${actors.join(', ') || 'none'}` : `it is player ${ctx.currentPlayer}'s turn and no one is in a stage`}`,
      };
    case 'action/invalid_move':
      return { type, message: `${action.type === 'move' ? action.name : 'the move'} returned INVALID_MOVE for args ${JSON.stringify(action.type === 'move' ? action.args : [])}` };
    case 'action/gameover':
      return { type, message: `the game is over (gameover: ${JSON.stringify(ctx.gameover)})` };
    case 'action/action_disabled':
      return { type, message: `${action.type} is disabled (game.disableUndo is true)` };
    case 'action/action_invalid':
      return { type, message: describeUndoRefusal(action, state, traits) };
    case 'action/plugin_invalid':
      return { type, message: `the ${payload?.plugin ?? 'a'} plugin refused the action: ${stripStack(String(payload?.message ?? ''))}` };
    default:
      return { type, message: payload === undefined ? type : JSON.stringify(payload) };
  }
}

function describeUndoRefusal(action: FlowAction, state: BgioState, traits: ReleaseTraits): string {
  const undo = state._undo ?? [];
  const redo = state._redo ?? [];
  if (action.type === 'undo') {
    if (undo.length < 2) {
      return traits.undo === '0.39'
        ? 'no moves to undo (undo only reaches back to the start of the current turn, and only moves are recorded, not events)'
        : 'no moves to undo (undo only reaches back to the start of the current turn)';
    }
    const last = undo[undo.length - 1];
    if (traits.undo !== '0.39' && action.playerID !== last.playerID) return `player ${action.playerID} cannot undo player ${last.playerID}'s move`;
    return `move ${last.moveType} cannot be undone (its undoable is false)`;
  }
  if (action.type === 'redo') {
    if (redo.length === 0) return 'no moves to redo';
    return `player ${action.playerID} cannot redo player ${redo[0].playerID}'s move`;
  }
  return 'the action is not possible now';
}

/**
 * For releases without `transients` (before 0.44.4): which refusal the reducer's own checks,
 * in its own order, lead to for `action` on `state`, should it be refused. Taken before the
 * reducer runs, since some releases mutate parts of `ctx` in place.
 */
export function refusalKind(
  state: BgioState,
  action: FlowAction,
  game: { disableUndo?: boolean; flow: { getMove(ctx: any, name: string, playerID: string): unknown; isPlayerActive(G: unknown, ctx: any, playerID: string): boolean } },
): string {
  const ctx = state.ctx;
  switch (action.type) {
    case 'move':
      if (game.flow.getMove(ctx, action.name, action.playerID ?? ctx.currentPlayer) === null) return 'action/unavailable_move';
      if (ctx.gameover !== undefined) return 'action/gameover';
      if (!game.flow.isPlayerActive(state.G, ctx, action.playerID)) return 'action/inactive_player';
      // It passed every check, so the move itself ran and returned INVALID_MOVE.
      return 'action/invalid_move';
    case 'event':
      if (ctx.gameover !== undefined) return 'action/gameover';
      return 'action/inactive_player';
    case 'undo':
    case 'redo':
      return game.disableUndo ? 'action/action_disabled' : 'action/action_invalid';
    case 'reset':
      return 'action/action_invalid';
  }
}
