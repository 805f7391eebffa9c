import type { OpenOptions } from './open-session';

/** Where a game is in its project: `--game-path`, `--factory-args`, `--stub-module`. */
export type GameLocationFields = Pick<OpenOptions, 'gamePath' | 'factoryArgs' | 'stubModules'>;

/**
 * Only the location fields that were given, for a request, a view or a replay that carries them
 * (a game found as a plain export carries none).
 */
export function locationOf(options: GameLocationFields | undefined): GameLocationFields {
  return {
    ...(options?.gamePath !== undefined ? { gamePath: options.gamePath } : {}),
    ...(options?.factoryArgs !== undefined ? { factoryArgs: options.factoryArgs } : {}),
    ...(options?.stubModules?.length ? { stubModules: options.stubModules } : {}),
  };
}
