import { candidateActions } from '../arguments/candidates';
import type { CandidateAction, CandidateOptions } from '../arguments/sources';
import { isSeat } from '../../session/diagnostics';
import type { Session } from '../../session/session';
import type { BgioState } from '../../types';

/** An action the search tries, and where its arguments came from. */
export type SearchAction = CandidateAction;

/**
 * Every action the exhaustive search tries from `state`, in a fixed order, for each player who may
 * act (the match's seats among the active players, else the current player): what explore's
 * argument sources offer that player there (`candidateActions`: the game's `ai.enumerate`, else
 * each available move with the arguments a client would send, and the client events `options.events`
 * allows). The one place the search's moves come from.
 */
export function searchActions(session: Session, state: BgioState, options: CandidateOptions = {}): SearchAction[] {
  const ctx = session.game.readCtx(state);
  if (ctx.gameover !== undefined) return [];
  const ids = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
  return ids
    .filter((id) => isSeat(String(id), session.numPlayers))
    .sort()
    .flatMap((player) => candidateActions(session, player, options, state));
}
