/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { FlowCtx } from '../../types';

type RawCtx = Record<string, any>;

/**
 * Moves made in the current turn. Releases up to 0.32 keep no `ctx.numMoves`; they count each
 * player's moves in `ctx.stats.turn.numMoves` (what `movesPerTurn` is checked against).
 */
export function turnMoves(ctx: RawCtx): number {
  if (typeof ctx.numMoves === 'number') return ctx.numMoves;
  const perPlayer = ctx.stats?.turn?.numMoves;
  if (!perPlayer || typeof perPlayer !== 'object') return 0;
  let sum = 0;
  for (const n of Object.values(perPlayer)) if (typeof n === 'number') sum += n;
  return sum;
}

/**
 * `ctx.actionPlayers` as a 0.33+ `activePlayers` map: `null` in the ordinary case (only the
 * current player may act), otherwise every action player, active without a stage.
 */
export function activePlayersOf(ctx: RawCtx): Record<string, null> | null {
  const ap = ctx.actionPlayers;
  if (!Array.isArray(ap)) return null;
  if (ap.length === 1 && String(ap[0]) === String(ctx.currentPlayer)) return null;
  const out: Record<string, null> = {};
  for (const id of ap) out[String(id)] = null;
  return out;
}

/** The release-independent view of a flow-era (0.32 and before) `ctx`. */
export function readFlowCtx(ctx: RawCtx): FlowCtx {
  return {
    phase: ctx.phase ?? null,
    turn: ctx.turn,
    currentPlayer: ctx.currentPlayer,
    playOrder: Array.isArray(ctx.playOrder) ? [...ctx.playOrder] : [],
    playOrderPos: ctx.playOrderPos,
    activePlayers: activePlayersOf(ctx),
    numMoves: turnMoves(ctx),
    // Copied: hooks may mutate what a later state shares.
    gameover: ctx.gameover === undefined ? undefined : JSON.parse(JSON.stringify(ctx.gameover ?? null)),
  };
}
