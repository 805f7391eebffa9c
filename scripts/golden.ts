import { readdirSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync, mkdirSync } from 'node:fs';
import { chartOf, chartToMermaid, findGames, loadRuntime, selectGame, type BgioRuntime, type GameConfig } from '../engine';
import { detectLegacy, migrateSource } from '../engine/legacy';
import { loadGameModule } from '../app/load/load-game-file';
import { pickRelease } from '../app/load/pick-release';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const fixturesDir = path.join(root, 'fixtures');

export function fixtureNames(): string[] {
  return readdirSync(fixturesDir)
    .filter((n) => existsSync(path.join(fixturesDir, n, 'game.ts')))
    .sort();
}

/** The player count the golden charts use: the fixture's minimum, at least 2, at most 4. */
export function goldenPlayers(config: GameConfig): number {
  return Math.min(Math.max(config.minPlayers ?? 2, 2, Math.min(config.maxPlayers ?? 3, 3)), 4);
}

/** A fixture's game config, loaded on the release it was written for. */
export async function loadFixture(name: string): Promise<{ config: GameConfig; runtime: BgioRuntime; file: string }> {
  const file = path.join(fixturesDir, name, 'game.ts');
  const runtime = await loadRuntime(pickRelease(file).runtime);
  const module = await loadGameModule(file, runtime);
  return { config: selectGame(findGames(module.exports)).config, runtime, file };
}

/** The golden files of one fixture: `chart.json` and `chart.mmd`. */
export async function renderGolden(name: string): Promise<Record<string, string>> {
  const { config, runtime } = await loadFixture(name);
  const model = chartOf(config, goldenPlayers(config), runtime);
  return { 'chart.json': JSON.stringify(model, null, 2) + '\n', 'chart.mmd': chartToMermaid(model) };
}

/** Fixtures written for older APIs, migrated by `flowscope migrate`: files under `<fixture>/migrated/`, or null. */
export async function renderMigrated(name: string): Promise<Record<string, string> | null> {
  const { config, runtime, file } = await loadFixture(name);
  if (!detectLegacy(config, { release: runtime.version }).length) return null;
  return {
    'game.ts': migrateSource(readFileSync(file, 'utf8'), config, { release: runtime.version }),
    'package.json':
      JSON.stringify(
        {
          name: `${name}-migrated`,
          private: true,
          description: `${name} migrated to boardgame.io 0.50 by flowscope migrate`,
          dependencies: { 'boardgame.io': '0.50.2' },
        },
        null,
        2,
      ) + '\n',
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const name of fixtureNames()) {
    for (const [file, text] of Object.entries(await renderGolden(name))) writeFileSync(path.join(fixturesDir, name, file), text);
    console.log(`wrote fixtures/${name}/chart.json and chart.mmd`);
    const migrated = await renderMigrated(name);
    if (!migrated) continue;
    mkdirSync(path.join(fixturesDir, name, 'migrated'), { recursive: true });
    for (const [file, text] of Object.entries(migrated)) writeFileSync(path.join(fixturesDir, name, 'migrated', file), text);
    console.log(`wrote fixtures/${name}/migrated/`);
  }
}
