import type { ReplayFile } from '../../engine';
import { locationOf } from './game-location';
import { openGame, type OpenedGame, type OpenOptions } from './open-session';

/** What the command line says over a replay's own record of its game. */
export interface ReplayGameOverrides {
  /** The export to open (`--game`). */
  game?: string;
  /** The release to run on (`--bgio`). */
  bgio?: string;
  /** Where the game is in its project; each field given wins over the replay's. */
  open?: OpenOptions;
}

/**
 * Opens the game a replay was recorded on, as it was recorded: its export, its release, where it
 * was found in its project and how its randomness ran, unless `given` says otherwise.
 */
export function openReplayGame(file: string, replay: ReplayFile, given: ReplayGameOverrides = {}): Promise<OpenedGame> {
  const recorded = replay.game;
  const open = given.open ?? {};
  const location = locationOf({
    gamePath: open.gamePath ?? recorded.gamePath,
    factoryArgs: open.factoryArgs ?? recorded.factoryArgs,
    stubModules: open.stubModules?.length ? open.stubModules : recorded.stubModules,
  });
  return openGame(
    file,
    given.game ?? recorded.export ?? recorded.name,
    given.bgio ?? recorded.bgio,
    given.bgio ? '--bgio' : 'the replay was recorded on',
    { ...open, ...location, gameRandomness: replay.gameRandomness },
  );
}
