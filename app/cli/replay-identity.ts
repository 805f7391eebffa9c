import path from 'node:path';
import type { ReplayFile } from '../../engine';

/** The game a replay is run on: its name, file and hashes (`LoadedGameModule`'s). */
export interface RunningGame {
  name: string;
  file: string;
  /** The bundle's hash (every local input). */
  sha256: string;
  /** The game file's own hash, which replays recorded before the bundle hash hold. */
  fileSha256?: string;
}

/**
 * A warning when a replay does not belong to the game it is run on: another game altogether, or
 * the same game since edited (the game file or any file it imports). Null when it matches.
 */
export function replayMismatch(replay: ReplayFile, game: RunningGame, replayFile?: string): string | null {
  const recorded = replay.game;
  const where = recorded.file ? ` (${recorded.file})` : '';
  // Another game's name is said with or without a hash: a replay written by hand or by another tool has none.
  if (recorded.name !== game.name) {
    return `warning: this replay was recorded for a different game: "${recorded.name}"${where}, not "${game.name}" (${game.file})`;
  }
  const sameHash = !recorded.sha256 || recorded.sha256 === game.sha256 || recorded.sha256 === game.fileSha256;
  if (sameHash) return null;
  const recordedFile = recorded.file && replayFile ? path.resolve(path.dirname(replayFile), recorded.file) : null;
  if (recordedFile && recordedFile !== game.file && path.basename(recordedFile) !== path.basename(game.file)) {
    return `warning: this replay was recorded for a different game file: ${recordedFile}, not ${game.file}`;
  }
  return `warning: ${path.basename(game.file)} (or a file it imports) has changed since this replay was recorded (sha256 differs)`;
}
