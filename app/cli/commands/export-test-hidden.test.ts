import { spawnSync } from 'node:child_process';
import { copyFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { runCli as run } from '../testing/run-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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

describe('export-test on a game with setup data and secret hands', () => {
  it('creates the match with the setup data and compares the full G, with and without --with-G', async () => {
    const dir = tempDirWith({ 'vitest.config.mjs': "export default { test: { include: ['*.test.ts'] } };\n" });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    copyFileSync(path.join(root, 'app/cli/testing/corners/hidden-hands.ts'), path.join(dir, 'game.ts'));
    const game = path.join(dir, 'game.ts');
    const replay = path.join(dir, 'replay.json');
    const played = await run('play', game, '--seed', 'hands', '--random', '12', '--setup-data', '{"handSize":3}', '--out', replay);
    expect(played.code, played.err).toBe(0);
    for (const [name, flags] of [
      ['flow', []],
      ['with-g', ['--with-G']],
    ] as const) {
      const exported = await run('export-test', game, replay, ...flags, '--out', path.join(dir, `${name}.test.ts`));
      expect(exported.code, exported.err).toBe(0);
    }
    const result = vitestIn(dir);
    expect(result.output).toMatch(/2 passed/);
    expect(result.status).toBe(0);
  });
});
