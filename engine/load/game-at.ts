import { GameSelectionError, looksLikeGame, type FoundGame } from './find-games';

export interface GameLocation {
  /** A dotted path into the module's exports: `example.game`, `default.game`, `games.0`. */
  gamePath?: string;
  /** Arguments for a factory: the export (or the value at `gamePath`) is a function that returns the game. */
  factoryArgs?: unknown[];
}

const describe = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'function'
        ? 'a function'
        : typeof value === 'object'
          ? `an object with keys ${
              Object.keys(value as object)
                .slice(0, 8)
                .join(', ') || '(none)'
            }`
          : typeof value;

/**
 * The game a module keeps somewhere other than a top-level export: at a property path, or as
 * the result of a factory function. `wanted` names the export when `gamePath` does not.
 */
export function gameAt(moduleExports: Record<string, unknown>, location: GameLocation, wanted?: string): FoundGame {
  const path = location.gamePath ?? wanted ?? defaultExportName(moduleExports, location);
  let value: unknown = moduleExports;
  const walked: string[] = [];
  for (const key of path.split('.')) {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) break;
    let next = (value as Record<string, unknown>)[key];
    // CommonJS interop: `default` may be the namespace itself.
    if (next === undefined && key === 'default' && walked.length === 0) next = moduleExports;
    if (next === undefined) {
      throw new GameSelectionError(
        `nothing at ${[...walked, key].join('.')}: ${walked.length ? walked.join('.') : 'the module'} is ${describe(value)}`,
      );
    }
    walked.push(key);
    value = next;
  }
  if (typeof value === 'function') {
    if (!location.factoryArgs) {
      throw new GameSelectionError(
        `${path} is a function, not a game: if it returns the game, give its arguments as JSON (--factory-args '[]')`,
      );
    }
    try {
      value = (value as (...args: unknown[]) => unknown)(...location.factoryArgs);
    } catch (error) {
      throw new GameSelectionError(
        `${path}(${location.factoryArgs.map((a) => JSON.stringify(a)).join(', ')}) threw: ${(error as Error)?.message ?? String(error)}`,
      );
    }
    if (value && typeof (value as Promise<unknown>).then === 'function')
      throw new GameSelectionError(`${path}(…) returned a promise: a factory must return the game itself`);
  } else if (location.factoryArgs) {
    throw new GameSelectionError(`--factory-args was given, but ${path} is ${describe(value)}, not a function`);
  }
  if (!looksLikeGame(value))
    throw new GameSelectionError(
      `${path}${typeof (moduleExports as Record<string, unknown>)[path.split('.')[0]] === 'function' ? '(…)' : ''} is ${describe(value)}, not a boardgame.io game (one with setup, moves, phases or turn)`,
    );
  const name = typeof value.name === 'string' && value.name ? value.name : path;
  return { exportName: path, name, config: value };
}

function defaultExportName(moduleExports: Record<string, unknown>, location: GameLocation): string {
  if (location.factoryArgs) {
    const functions = Object.keys(moduleExports).filter((k) => typeof moduleExports[k] === 'function');
    if (functions.includes('default')) return 'default';
    if (functions.length === 1) return functions[0];
    throw new GameSelectionError(
      `--factory-args needs the factory's name (--game NAME): this module exports ${functions.length ? `the functions ${functions.join(', ')}` : 'no function'}`,
    );
  }
  return 'default';
}
