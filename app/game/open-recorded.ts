import type { ReplayFile, Session, StepRecord } from '../../engine';
import { dispatchAction, newSession, type OpenedGame } from './open-session';
import { openReplayGame, type ReplayGameOverrides } from './replay-game';

export interface OpenRecordedHooks {
  /** The session was created (step 0), before any action runs. */
  started?(opened: OpenedGame, session: Session): void;
  /** Action `i` (0-based) of the replay ran and made `record`. */
  stepped?(opened: OpenedGame, session: Session, record: StepRecord, i: number): void;
}

/**
 * Opens a recorded session: the game its replay was recorded on (as `openReplayGame` does, unless
 * `given` says otherwise), a session with its players, seed and setup data, and every action of it
 * dispatched in order. The one way a replay (a file, a journal, the page's Open replay) becomes a session.
 */
export async function openRecorded(
  gameFile: string,
  replay: ReplayFile,
  given: ReplayGameOverrides = {},
  hooks: OpenRecordedHooks = {},
): Promise<{ opened: OpenedGame; session: Session }> {
  const opened = await openReplayGame(gameFile, replay, given);
  const session = newSession(opened, replay.numPlayers, replay.seed, replay.setupData);
  hooks.started?.(opened, session);
  for (const [i, action] of replay.actions.entries()) hooks.stepped?.(opened, session, dispatchAction(session, action), i);
  return { opened, session };
}
