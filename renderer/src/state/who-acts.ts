/** Who may act at a step, and whom the controls act as after it: pure helpers over the flow ctx. */
import type { FlowCtx } from '../../../engine/host/protocol';

/** May act now: in `activePlayers`, or the current player when there are none. */
export function mayAct(ctx: FlowCtx, id: string): boolean {
  if (ctx.activePlayers) return Object.prototype.hasOwnProperty.call(ctx.activePlayers, id);
  return ctx.currentPlayer === id;
}

/**
 * The player the controls act as at a step: the one they act as now while that player may still
 * act (a choice the user made sticks), else the one who must act next (the first active player,
 * else the current player). At game over, or when nobody known may act, the choice stays.
 */
export function followingActor(ctx: FlowCtx, acting: string, players: readonly string[]): string {
  if (ctx.gameover !== undefined && ctx.gameover !== null) return acting;
  if (mayAct(ctx, acting)) return acting;
  const next = ctx.activePlayers ? players.find((id) => mayAct(ctx, id)) : ctx.currentPlayer;
  return next !== undefined && players.includes(next) ? next : acting;
}
