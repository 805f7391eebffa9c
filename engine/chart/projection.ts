import type { FlowCtx, PlayerID } from '../types';
import { GAMEOVER, NO_PHASE } from './model';

export type Slot = 'active' | 'waiting' | `stage:${string}`;
export type ChartValue = typeof GAMEOVER | Record<string, { turn: Record<PlayerID, Slot> }>;

/**
 * A player's slot: `stage:<name>` when `activePlayers` puts it in a named stage, `active` when it
 * may act with no stage (in `activePlayers` with `Stage.NULL`, or the current player while
 * `activePlayers` is null), `waiting` otherwise.
 */
export function slotOf(ctx: Pick<FlowCtx, 'activePlayers' | 'currentPlayer'>, player: PlayerID): Slot {
  const ap = ctx.activePlayers;
  if (ap) {
    if (!(player in ap)) return 'waiting';
    const stage = ap[player];
    return stage === null || stage === undefined ? 'active' : `stage:${stage}`;
  }
  return String(player) === String(ctx.currentPlayer) ? 'active' : 'waiting';
}

/** The statechart value `ctx` corresponds to: what the chart actor's state must equal after every step. */
export function projectCtx(ctx: FlowCtx, players: readonly PlayerID[]): ChartValue {
  if (ctx.gameover !== undefined) return GAMEOVER;
  const turn: Record<PlayerID, Slot> = {};
  for (const p of players.map(String)) turn[p] = slotOf(ctx, p);
  return { [ctx.phase ?? NO_PHASE]: { turn } };
}
