import type { GameConfig } from '../types';

export interface FoundGame {
  /** The export it came from (`default` or the export's name). */
  exportName: string;
  /** `game.name` when set, else the export name. */
  name: string;
  config: GameConfig;
  /** Other exports that hold the same object (`export const Foo = …; export default Foo`). */
  aliases?: string[];
}

const GAME_KEYS = ['setup', 'moves', 'phases', 'turn', 'flow', 'endIf', 'endGameIf', 'onEnd'];

/** A plain object with at least one key that only a boardgame.io game config has. */
export function looksLikeGame(value: unknown): value is GameConfig {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return GAME_KEYS.some((key) => key in (value as object));
}

/**
 * The game configs a module exports: its default export and every named export that looks like
 * a game. One object exported under several names is listed once (default first).
 */
export function findGames(moduleExports: unknown): FoundGame[] {
  if (!moduleExports || typeof moduleExports !== 'object') return [];
  const exportsObj = moduleExports as Record<string, unknown>;
  const found: FoundGame[] = [];
  const seen = new Set<unknown>();
  const add = (exportName: string, value: unknown) => {
    if (!looksLikeGame(value)) return;
    if (seen.has(value)) {
      const first = found.find((g) => g.config === value)!;
      first.aliases = [...(first.aliases ?? []), exportName];
      return;
    }
    seen.add(value);
    const name = typeof value.name === 'string' && value.name ? value.name : exportName;
    found.push({ exportName, name, config: value });
  };
  let def = exportsObj.default;
  // CommonJS interop can nest the real default one level down.
  if (def && typeof def === 'object' && !looksLikeGame(def) && looksLikeGame((def as Record<string, unknown>).default)) {
    def = (def as Record<string, unknown>).default;
  }
  add('default', def);
  for (const [key, value] of Object.entries(exportsObj)) if (key !== 'default') add(key, value);
  return found;
}

export class GameSelectionError extends Error {
  override name = 'GameSelectionError';
}

/** Picks the game named `wanted` (export name or `game.name`), or the only/default one. */
export function selectGame(games: FoundGame[], wanted?: string): FoundGame {
  if (games.length === 0) {
    throw new GameSelectionError(
      'no game found: export a boardgame.io game object (one with setup, moves, phases or turn), as default or named export',
    );
  }
  const list = games.map((g) => (g.name === g.exportName ? g.name : `${g.name} (export ${g.exportName})`)).join(', ');
  if (wanted !== undefined) {
    const match = games.find((g) => g.exportName === wanted || g.aliases?.includes(wanted)) ?? games.find((g) => g.name === wanted);
    if (!match) throw new GameSelectionError(`no game named ${wanted}; this module has: ${list}`);
    return match;
  }
  if (games.length === 1) return games[0];
  const def = games.find((g) => g.exportName === 'default');
  if (def) return def;
  throw new GameSelectionError(`this module exports several games, choose one with --game: ${list}`);
}
