import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bgio050 } from '../../engine';
import { tempDirWith } from '../testing/temp-dir';
import { loadGameModule } from './load-game-file';

const games = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing/games/corners');
const game = (name: string) => readFileSync(path.join(games, name), 'utf8');

async function loadError(file: string): Promise<string> {
  try {
    await loadGameModule(file, bgio050);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${file} loaded`);
}

describe('load errors that name their cause', () => {
  it('an import through an unset baseUrl names the project folder and how to make it resolve, not --stub-module', async () => {
    const dir = tempDirWith({
      'package.json': JSON.stringify({ name: 'cra-game', dependencies: { 'boardgame.io': '^0.50.0' } }),
      'src/game.ts': game('aliased-game.ts'),
      'src/components/rules.ts': 'export const rules = { start: 3 };\n',
    });
    const message = await loadError(path.join(dir, 'src/game.ts'));
    expect(message).toMatch(/components is a folder of the project \(src\/components\), not a package/);
    expect(message).toMatch(/"baseUrl": "src"/);
    expect(message).toMatch(/jsconfig\.json|tsconfig\.json/);
    expect(message).not.toMatch(/--stub-module components/);
    // Following the advice makes it load.
    const fixed = tempDirWith({
      'package.json': JSON.stringify({ name: 'cra-game' }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: 'src' } }),
      'src/game.ts': game('aliased-game.ts'),
      'src/components/rules.ts': 'export const rules = { start: 3 };\n',
    });
    await expect(loadGameModule(path.join(fixed, 'src/game.ts'), bgio050)).resolves.toBeTruthy();
  });

  it('a module that throws at load after reading an unset environment variable names the variable', async () => {
    delete process.env.SCORE_SERVER_URL;
    const dir = tempDirWith({ 'game.ts': game('env-game.ts') });
    const message = await loadError(path.join(dir, 'game.ts'));
    expect(message).toMatch(/threw while it was being loaded/);
    expect(message).toMatch(/process\.env\.SCORE_SERVER_URL, which is not set/);
  });
});
