import type { GameRandomness } from '../../engine';

let forced: GameRandomness | undefined;

/**
 * `--no-sandbox-random`: every game loaded by this command runs with its real randomness and clock,
 * whatever a replay or an open request asks for. `undefined` lifts it (each command line sets it).
 */
export function forceGameRandomness(mode: GameRandomness | undefined): void {
  forced = mode;
}

/** The mode a game is loaded with: the command line's, else the one asked for, else seeded. */
export function gameRandomnessFor(requested?: GameRandomness): GameRandomness {
  return forced ?? requested ?? 'seeded';
}
