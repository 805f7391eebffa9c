/** Who may act, and why a player has nothing to do: pure helpers over the flow ctx. */
import type { FlowCtx } from '../../../engine/host/protocol';
import { mayAct } from '../state/who-acts';

export interface PlayerStatus {
  id: string;
  current: boolean;
  /** May act now: in `activePlayers`, or the current player when there are none. */
  active: boolean;
  /** The player's stage in `activePlayers` (null: active without a stage); undefined when not in it. */
  stage: string | null | undefined;
}

export const playerLabel = (id: string) => `P${id}`;

export function playerStatus(ctx: FlowCtx, id: string): PlayerStatus {
  // After endGame, boardgame.io keeps the last activePlayers: nobody may act or is in a stage any more.
  if (isGameOver(ctx)) return { id, current: ctx.currentPlayer === id, active: false, stage: undefined };
  const inActive = ctx.activePlayers ? Object.prototype.hasOwnProperty.call(ctx.activePlayers, id) : false;
  return {
    id,
    current: ctx.currentPlayer === id,
    active: mayAct(ctx, id),
    stage: inActive ? ctx.activePlayers![id] : undefined,
  };
}

export function isGameOver(ctx: FlowCtx): boolean {
  return ctx.gameover !== undefined && ctx.gameover !== null;
}

/** The colour class of styles.css for a player (`.player-0` … `.player-7`, then round again). */
export function playerClass(id: string, players: readonly string[]): string {
  const n = Number.isInteger(Number(id)) ? Number(id) : Math.max(0, players.indexOf(id));
  return `player-${((n % 8) + 8) % 8}`;
}

function describeActive(ctx: FlowCtx): string {
  const entries = Object.entries(ctx.activePlayers ?? {});
  if (entries.length === 0) return 'nobody';
  return entries.map(([id, stage]) => (stage ? `${playerLabel(id)} (${stage})` : playerLabel(id))).join(', ');
}

/** One sentence: why `id` has no move available now. */
export function noMovesReason(ctx: FlowCtx, id: string): string {
  if (isGameOver(ctx)) return `The game is over (gameover: ${JSON.stringify(ctx.gameover)}); no move or event is accepted.`;
  const status = playerStatus(ctx, id);
  const who = playerLabel(id);
  if (!status.active) {
    if (ctx.activePlayers) return `${who} is not active: only ${describeActive(ctx)} may move now.`;
    return `${who} is not the current player (${playerLabel(ctx.currentPlayer)} is).`;
  }
  if (status.stage) return `${who} is in stage "${status.stage}", where no moves are available.`;
  return `No moves are available to ${who} in ${ctx.phase ? `phase "${ctx.phase}"` : 'this game (no phase)'}.`;
}
