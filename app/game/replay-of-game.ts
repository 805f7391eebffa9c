import path from 'node:path';
import { REPLAY_FORMAT, REPLAY_VERSION, type ReplayFile } from '../../engine';
import type { OpenedGame, OpenOptions } from './open-session';

/**
 * A replay of `opened`'s game. `savedIn` is the folder the replay will be written to (its
 * `game.file` is relative to it, as the format says), or null to name the game file absolutely.
 */
export function replayOfGame(opened: OpenedGame, savedIn: string | null, run: Omit<ReplayFile, 'format' | 'version' | 'game'>): ReplayFile {
  const file = savedIn === null ? opened.module.file : path.relative(savedIn, opened.module.file).split(path.sep).join('/');
  const { gamePath, factoryArgs, stubModules } = opened.options;
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    game: {
      name: opened.game.name,
      file,
      sha256: opened.module.sha256,
      export: opened.game.exportName,
      bgio: opened.runtime.version,
      ...(gamePath !== undefined ? { gamePath } : {}),
      ...(factoryArgs !== undefined ? { factoryArgs } : {}),
      ...(stubModules?.length ? { stubModules } : {}),
    },
    ...run,
  };
}

/**
 * How to open a replay's game: where in its project it was found when recorded, unless the
 * command line says otherwise (each of `--game-path`, `--factory-args`, `--stub-module` on its own).
 */
export function replayOpenOptions(game: ReplayFile['game'], given: OpenOptions = {}): OpenOptions {
  const gamePath = given.gamePath ?? game.gamePath;
  const factoryArgs = given.factoryArgs ?? game.factoryArgs;
  const stubModules = given.stubModules?.length ? given.stubModules : game.stubModules;
  return {
    ...given,
    ...(gamePath !== undefined ? { gamePath } : {}),
    ...(factoryArgs !== undefined ? { factoryArgs } : {}),
    ...(stubModules?.length ? { stubModules } : {}),
  };
}
