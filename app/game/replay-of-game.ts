import path from 'node:path';
import { REPLAY_FORMAT, REPLAY_VERSION, type ReplayFile } from '../../engine';
import type { OpenedGame } from './open-session';
import { locationOf } from './game-location';

/**
 * A replay of `opened`'s game. `savedIn` is the folder the replay will be written to (its
 * `game.file` is relative to it, as the format says), or null to name the game file absolutely.
 */
export function replayOfGame(opened: OpenedGame, savedIn: string | null, run: Omit<ReplayFile, 'format' | 'version' | 'game'>): ReplayFile {
  const file = savedIn === null ? opened.module.file : path.relative(savedIn, opened.module.file).split(path.sep).join('/');
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    game: {
      name: opened.game.name,
      file,
      sha256: opened.module.sha256,
      export: opened.game.exportName,
      bgio: opened.runtime.version,
      ...locationOf(opened.options),
    },
    ...run,
  };
}
