import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { runCli as run } from '../testing/run-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs vitest in `dir` as a user's project would (its own process, no Flowscope on the import path). */
function vitestIn(dir: string): { status: number | null; output: string } {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS' && k !== 'TEST'),
  );
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=dot', '--no-color'], {
    cwd: dir,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe('flowscope export-test', () => {
  it('writes a vitest file that passes on the game and fails once the game changes', async () => {
    const game = readFileSync(path.join(root, 'fixtures/card-phases/game.ts'), 'utf8');
    const dir = tempDirWith({ 'game.ts': game, 'vitest.config.mjs': "export default { test: { include: ['*.test.ts'] } };\n" });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    const replay = path.join(dir, 'replay.json');
    expect(
      (await run('play', path.join(dir, 'game.ts'), '--players', '2', '--seed', 'export', '--random', '60', '--out', replay)).code,
    ).toBe(0);
    const exported = await run('export-test', path.join(dir, 'game.ts'), replay, '--with-G', '--out', path.join(dir, 'flow.test.ts'));
    expect(exported.code).toBe(0);
    const text = readFileSync(path.join(dir, 'flow.test.ts'), 'utf8');
    expect(text).toContain("import { Client } from 'boardgame.io/client';");
    expect(text).not.toMatch(/flowscope['"/]/i);

    const passing = vitestIn(dir);
    expect(passing.output).toMatch(/1 passed/);
    expect(passing.status).toBe(0);

    // One draw→play cycle instead of two: the flow goes to scoring earlier, and the test says where.
    writeFileSync(path.join(dir, 'game.ts'), game.replace('export const CYCLES = 2;', 'export const CYCLES = 1;'));
    const failing = vitestIn(dir);
    expect(failing.status).toBe(1);
    expect(failing.output).toMatch(/ctx after step \d+/);
    expect(failing.output).toMatch(/scoring/);
  });

  it('reaches a game made by a factory or kept at a property as the replay recorded it, and the test passes', async () => {
    const dir = tempDirWith({
      'games.ts': [
        'const race = (rounds: number) => ({ name: `race-${rounds}`, setup: () => ({ n: 0 }), moves: { run: ({ G }: any) => ({ n: G.n + 1 }) }, turn: { maxMoves: rounds } });',
        'export function makeRace(rounds: number) { return race(rounds); }',
        'export const shelf = { games: { race: race(2) } };',
      ].join('\n'),
      'vitest.config.mjs': "export default { test: { include: ['*.test.ts'] } };\n",
    });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    const file = path.join(dir, 'games.ts');
    const located = { factory: ['--game', 'makeRace', '--factory-args', '[3]'], shelf: ['--game-path', 'shelf.games.race'] };
    for (const [name, where] of Object.entries(located)) {
      const replay = path.join(dir, `${name}.json`);
      expect((await run('play', file, ...where, '--seed', name, '--random', '20', '--out', replay)).code).toBe(0);
      // The replay says where the game is: export-test needs no options.
      const exported = await run('export-test', file, replay, '--with-G', '--out', path.join(dir, `${name}.test.ts`));
      expect(exported.code, exported.err).toBe(0);
    }
    expect(readFileSync(path.join(dir, 'factory.test.ts'), 'utf8')).toContain('const game = gameModule["makeRace"](3);');
    expect(readFileSync(path.join(dir, 'shelf.test.ts'), 'utf8')).toContain('const game = gameModule["shelf"]["games"]["race"];');
    const passing = vitestIn(dir);
    expect(passing.output).toMatch(/2 passed/);
    expect(passing.status).toBe(0);
  });

  it('jest flavour: no vitest import, one-argument expects; --runner is checked', async () => {
    const dir = tempDirWith({});
    const replay = path.join(dir, 'r.json');
    await run('play', path.join(root, 'fixtures/tic-tac-toe/game.ts'), '--seed', 'j', '--random', '5', '--out', replay);
    const jest = await run('export-test', path.join(root, 'fixtures/tic-tac-toe/game.ts'), replay, '--runner', 'jest');
    expect(jest.code).toBe(0);
    expect(jest.out).not.toContain("from 'vitest'");
    expect(jest.out).toContain('client.moves.clickCell(');
    expect(jest.out).not.toMatch(/expect\([^()]*\([^()]*\)[^()]*, `/);
    const bad = await run('export-test', path.join(root, 'fixtures/tic-tac-toe/game.ts'), replay, '--runner', 'mocha');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--runner must be vitest or jest, got mocha');
  });
});
