import { ChartActor, chartOf, GameSelectionError, parseReplay, type ReplayFile } from '../../../engine';
import { readRegularTextFile } from '../../files/read-regular-file';
import { replayMismatch } from '../replay-identity';
import type { OpenedGame, OpenOptions } from '../../game/open-session';
import { openRecorded } from '../../game/open-recorded';
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
  return readReplay(file).replay;
}

/** A replay file's text and its validated contents. */
export function readReplay(file: string): { text: string; replay: ReplayFile } {
  const text = readRegularTextFile(file, 'replay');
  return { text, replay: parseReplay(text) };
}

/** Loads a game and a replay and runs every action, calling `onStep` after each one. */
export async function runReplay(
  gameFile: string,
  replayFile: string,
  wanted: string | undefined,
  onStep?: (session: Session, opened: OpenedGame) => void,
  bgio?: string,
  open: OpenOptions = {},
): Promise<ReplayRun> {
  const replay = readReplayFile(replayFile);
  // A replay runs on the release it was recorded on, unless --bgio says otherwise.
  let run: { opened: OpenedGame; session: Session };
  try {
    const step = (opened: OpenedGame, session: Session) => onStep?.(session, opened);
    run = await openRecorded(gameFile, replay, { game: wanted, bgio, open }, { started: step, stepped: step });
  } catch (error) {
    if (wanted === undefined && error instanceof GameSelectionError) {
      throw new GameSelectionError(
        `this replay was recorded for a different game, "${replay.game.name}"${replay.game.file ? ` (${replay.game.file})` : ''}: ${error.message}`,
      );
    }
    throw error;
  }
  const { opened, session } = run;
  const hashWarning = replayMismatch(replay, { name: opened.game.name, ...opened.module }, replayFile) ?? undefined;
  return { replay, opened, session, hashWarning };
}

/** `flowscope replay`: prints every step, as JSON lines or as a table. */
export async function replayCommand(
  gameFile: string,
  replayFile: string,
  options: { json: boolean; game?: string; bgio?: string; open?: OpenOptions },
  print: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  let actor = null as ChartActor | null;
  const run = await runReplay(
    gameFile,
    replayFile,
    options.game,
    (session, opened) => {
      if (!options.json) return;
      actor ??= new ChartActor(chartOf(opened.game.config, session.numPlayers, opened.runtime));
      const record = session.steps[session.lastIndex];
      actor.sync(record.ctx);
      print(JSON.stringify({ ...stepToJson(record, session.currentState), chart: { value: actor.value } }));
    },
    options.bgio,
    options.open,
  );
  actor?.stop();
  if (!options.json) print(formatTable(run.session.steps));
  if (run.hashWarning) warn(run.hashWarning);
  return 0;
}
