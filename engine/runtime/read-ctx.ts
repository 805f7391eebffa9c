import type { BgioState, FlowCtx } from '../types';

/** The flow part of a 0.33+ `ctx` (phases, turns, stages, `activePlayers`). */
export function readFlowCtx(state: BgioState): FlowCtx {
  const c = state.ctx;
  return {
    phase: c.phase ?? null,
    turn: c.turn,
    currentPlayer: c.currentPlayer,
    playOrder: [...c.playOrder],
    playOrderPos: c.playOrderPos,
    // Copied: boardgame.io mutates some ctx objects in place on later actions.
    activePlayers: c.activePlayers ? { ...c.activePlayers } : null,
    numMoves: c.numMoves ?? 0,
    gameover: c.gameover === undefined ? undefined : JSON.parse(JSON.stringify(c.gameover)),
  };
}
