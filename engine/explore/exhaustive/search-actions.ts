import { phaseNames, stageNames } from '../../config/config-queries';
import { enumeratedActions, oneMoveEach } from '../../random/random-player';
import { isSeat } from '../../session/diagnostics';
import type { Session } from '../../session/session';
import { isEventName, type BgioState, type FlowAction, type PlayerID } from '../../types';

/** An action the search tries, and where it came from. */
export interface SearchAction {
  action: FlowAction;
  source: 'enumerate' | 'no-arguments' | 'event';
}

/**
 * Every action the exhaustive search tries from `state`, in a fixed order, for each player who may
 * act (the match's seats among the active players, else the current player): the game's
 * `ai.enumerate` when it has one (as boardgame.io's bots do), else what the random player offers:
 * each available move without arguments and each event open to the player (`setStage` and
 * `setPhase` with each declared stage and phase). The one place the search's moves come from.
 */
export function searchActions(session: Session, state: BgioState): SearchAction[] {
  const ctx = session.game.readCtx(state);
  if (ctx.gameover !== undefined) return [];
  const ids = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
  const out: SearchAction[] = [];
  for (const player of ids.filter((id) => isSeat(String(id), session.numPlayers)).sort()) {
    const enumerated = enumeratedActions(session, state, player);
    if (enumerated) {
      for (const action of enumerated) out.push({ action, source: 'enumerate' });
      continue;
    }
    for (const name of session.game.availableMoves(state, player))
      out.push({ action: { type: 'move', name, args: [], playerID: player }, source: 'no-arguments' });
    for (const action of eventsFor(session, state, player)) out.push({ action, source: 'event' });
  }
  return out;
}

function eventsFor(session: Session, state: BgioState, player: PlayerID): FlowAction[] {
  const ctx = session.game.readCtx(state);
  const stage = ctx.activePlayers?.[player];
  const out: FlowAction[] = [];
  const event = (name: string, args: unknown[] = []) => out.push({ type: 'event', name, args, playerID: player } as FlowAction);
  for (const name of session.game.enabledEvents) {
    if (!isEventName(name)) continue;
    if (name === 'endStage' && (stage === undefined || stage === null)) continue;
    if (name === 'endPhase' && ctx.phase === null) continue;
    if (name === 'setStage') for (const s of stageNames(session.config, ctx.phase)) event(name, [s]);
    else if (name === 'setPhase') for (const p of phaseNames(session.config)) event(name, [p]);
    else if (name === 'setActivePlayers') event(name, [oneMoveEach(session.runtime.version)]);
    else event(name);
  }
  return out;
}
