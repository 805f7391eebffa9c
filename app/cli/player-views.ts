import { cloneGraph, diffValues, formatPath, type ApiEra, type GameConfig } from '../../engine';

/** A game on one release, in one state: what the migration check compares the views of. */
export interface ViewedGame {
  config: GameConfig;
  era: ApiEra;
  state: { G: unknown; ctx: unknown };
}

/** Each seat (`'0'`, `'1'`, …) and a spectator (`null`), as boardgame.io asks the game's playerView. */
export const viewers = (numPlayers: number): (string | null)[] => [...Array.from({ length: numPlayers }, (_, i) => String(i)), null];

/**
 * What `viewer` sees of the state through the game's `playerView`, called as the game's release
 * calls it (`{ G, ctx, playerID }` on 0.50, `(G, ctx, playerID)` before), on a copy so that a
 * playerView that changes what it is given changes nothing; `G` itself when there is none.
 */
export function viewOf(game: ViewedGame, viewer: string | null): { view: unknown } | { threw: string } {
  const fn = game.config.playerView as ((...args: unknown[]) => unknown) | undefined;
  const { G, ctx } = cloneGraph(game.state);
  if (typeof fn !== 'function') return { view: G };
  try {
    return { view: game.era === 'context' ? fn({ G, ctx, playerID: viewer }) : fn(G, ctx, viewer) };
  } catch (error) {
    return { threw: String((error as Error)?.message ?? error) };
  }
}

/** The first viewer whose view differs between the two games, in words, or null when every view agrees. */
export function viewDisagreement(reference: ViewedGame, migrated: ViewedGame, numPlayers: number): string | null {
  for (const viewer of viewers(numPlayers)) {
    const who = viewer === null ? 'a spectator' : `player ${viewer}`;
    const a = viewOf(reference, viewer);
    const b = viewOf(migrated, viewer);
    if ('threw' in b) {
      if ('threw' in a) continue;
      return `playerView threw for ${who}: ${b.threw}`;
    }
    if ('threw' in a) return `playerView threw for ${who} in the original only: ${a.threw}`;
    const [first] = diffValues(a.view, b.view, 1);
    if (first)
      return `what ${who} sees (playerView) differs: ${formatPath('view', first.path)} is ${show(first.before)} in the original and ${show(first.after)} in the migration`;
  }
  return null;
}

const show = (value: unknown) => (value === undefined ? 'undefined' : JSON.stringify(value));
