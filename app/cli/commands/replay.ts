import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ChartActor, chartOf, parseReplay, ReplayError, type ReplayFile } from '../../../engine';
import { hashFile } from '../../load/load-game-file';
import { dispatchAction, newSession, openGame, type OpenedGame } from '../open-session';
import { stepToJson } from '../step-json';
import { formatTable } from '../table';
import type { Session } from '../../../engine';

export interface ReplayRun {
  replay: ReplayFile;
  opened: OpenedGame;
  session: Session;
  /** Set when the game file is not the one the replay was recorded on. */
  hashWarning?: string;
}

export function readReplayFile(file: string): ReplayFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ReplayError([`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`]);
  }
  return parseReplay(text);
}

/** Loads a game and a replay and runs every action, calling `onStep` after each one. */
export async function runReplay(
  gameFile: string,
  replayFile: string,
  wanted: string | undefined,
  onStep?: (session: Session, opened: OpenedGame) => void,
  bgio?: string,
): Promise<ReplayRun> {
  const replay = readReplayFile(replayFile);
  // A replay runs on the release it was recorded on, unless --bgio says otherwise.
  const opened = await openGame(gameFile, wanted ?? replay.game.export ?? replay.game.name, bgio ?? replay.game.bgio, bgio ? '--bgio' : 'the replay was recorded on');
  const session = newSession(opened, replay.numPlayers, replay.seed, replay.setupData);
  onStep?.(session, opened);
  for (const action of replay.actions) {
    dispatchAction(session, action);
    onStep?.(session, opened);
  }
  let hashWarning: string | undefined;
  if (replay.game.sha256 && replay.game.sha256 !== hashFile(opened.module.file)) {
    hashWarning = `warning: ${path.basename(opened.module.file)} has changed since this replay was recorded (sha256 differs)`;
  }
  return { replay, opened, session, hashWarning };
}

/** `flowscope replay`: prints every step, as JSON lines or as a table. */
export async function replayCommand(gameFile: string, replayFile: string, options: { json: boolean; game?: string; bgio?: string }, print: (line: string) => void, warn: (line: string) => void): Promise<number> {
  let actor = null as ChartActor | null;
  const run = await runReplay(gameFile, replayFile, options.game, (session, opened) => {
    if (!options.json) return;
    actor ??= new ChartActor(chartOf(opened.game.config, session.numPlayers, opened.runtime));
    const record = session.steps[session.lastIndex];
    actor.sync(record.ctx);
    print(JSON.stringify({ ...stepToJson(record, session.currentState), chart: { value: actor.value } }));
  }, options.bgio);
  actor?.stop();
  if (!options.json) print(formatTable(run.session.steps));
  if (run.hashWarning) warn(run.hashWarning);
  return 0;
}
