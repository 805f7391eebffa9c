/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { BgioState, FlowAction } from '../../types';

/**
 * For releases without `transients` (before 0.44.4): which refusal the reducer's own checks,
 * in its own order, lead to for `action` on `state`, should it be refused. Taken before the
 * reducer runs, since some releases mutate parts of `ctx` in place.
 */
export function refusalKind(
  state: BgioState,
  action: FlowAction,
  game: {
    disableUndo?: boolean;
    flow: { getMove(ctx: any, name: string, playerID: string): unknown; isPlayerActive(G: unknown, ctx: any, playerID: string): boolean };
  },
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
