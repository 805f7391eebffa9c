import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PlayerView as PlayerView050 } from 'boardgame.io/dist/cjs/core.js';
import { migrateConfig } from './migrate-config';
import { migrateSource } from './migrate-source';
import { recordingGame } from '../analysis/read-legacy';

const require = createRequire(import.meta.url);
const core032 = require('bgio-0.32/dist/core.js');
const core043 = require('bgio-0.43/dist/cjs/core.js');

describe("a config using the old release's PlayerView.STRIP_SECRETS", () => {
  it('keeps PlayerView.STRIP_SECRETS (0.32 Game() spec): 0.50’s function at run time, the name and its import in the source', () => {
    const source = `import { Game, PlayerView } from 'boardgame.io/core';
export default Game({
  setup: () => ({ n: 0 }),
  moves: { inc: (G) => ({ ...G, n: G.n + 1 }) },
  playerView: PlayerView.STRIP_SECRETS,
});
`;
    const config = recordingGame(
      core032.Game,
      '0.32.1',
    )({
      setup: () => ({ n: 0 }),
      moves: { inc: (G: { n: number }) => ({ ...G, n: G.n + 1 }) },
      playerView: core032.PlayerView.STRIP_SECRETS,
    });
    const options = { release: '0.32.1', playerViews: core032.PlayerView };
    const { config: migrated, notes } = migrateConfig(config, options);
    expect(migrated.playerView).toBe(PlayerView050.STRIP_SECRETS);
    expect(notes.find((n) => n.path === 'playerView')?.message).toBe(
      "`PlayerView.STRIP_SECRETS` of the old release is 0.50's `PlayerView.STRIP_SECRETS` (context-object signature).",
    );
    const out = migrateSource(source, config, options);
    expect(out).toContain('playerView: PlayerView.STRIP_SECRETS,');
    expect(out).toMatch(/^import \{ PlayerView \} from 'boardgame.io\/core';/);
    expect(out).not.toContain('FLOWSCOPE');
  });

  it('keeps it on a (G, ctx) config of 0.43 too, and without the release’s PlayerView a function is still adapted as before', () => {
    const config = {
      setup: () => ({ n: 0 }),
      moves: { inc: (G: { n: number }) => void G.n++ },
      playerView: core043.PlayerView.STRIP_SECRETS,
    };
    expect(migrateConfig(config, { release: '0.43.3', playerViews: core043.PlayerView }).config.playerView).toBe(
      PlayerView050.STRIP_SECRETS,
    );
    const adapted = migrateConfig(config, { release: '0.43.3' }).config.playerView;
    expect(adapted).not.toBe(PlayerView050.STRIP_SECRETS);
    expect(typeof adapted).toBe('function');
  });
});
