import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../app/testing/temp-dir';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SLOWER =
  /^flowscope: the built command line (is missing|is older than the sources \(([^)]+) changed\)); running the TypeScript sources, which starts slower \(rebuild: npm run build:cli\)$/;

/**
 * A Flowscope folder of its own for the launcher: bin/flowscope.mjs copied, everything else linked,
 * and a copy of the build (vitest's global setup keeps the real one fresh) that the test can make
 * stale or remove without disturbing tests that run the real one meanwhile.
 */
function launcher(build: 'fresh' | 'stale' | 'missing'): string {
  const dir = mkdtempSync(path.join(process.env.FLOWSCOPE_TEST_TMP ?? tmpdir(), 'flowscope-launcher-'));
  for (const name of [
    'app',
    'engine',
    'fixtures',
    'node_modules',
    'renderer',
    'scripts',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ])
    symlinkSync(path.join(ROOT, name), path.join(dir, name));
  mkdirSync(path.join(dir, 'bin'));
  copyFileSync(path.join(ROOT, 'bin', 'flowscope.mjs'), path.join(dir, 'bin', 'flowscope.mjs'));
  symlinkSync(path.join(ROOT, 'bin', 'built-cli.mjs'), path.join(dir, 'bin', 'built-cli.mjs'));
  if (build === 'missing') return dir;
  const built = path.join(ROOT, 'dist', 'cli');
  mkdirSync(path.join(dir, 'dist', 'cli'), { recursive: true });
  for (const file of readdirSync(built).filter((f) => f.endsWith('.mjs')))
    copyFileSync(path.join(built, file), path.join(dir, 'dist', 'cli', file));
  const inputs = JSON.parse(readFileSync(path.join(built, 'inputs.json'), 'utf8')) as [string, number, number][];
  if (build === 'stale') for (const input of inputs) if (input[0] === 'app/cli/main.ts') input[2] -= 1000;
  writeFileSync(path.join(dir, 'dist', 'cli', 'inputs.json'), JSON.stringify(inputs));
  return dir;
}

function flowscope(dir: string, ...argv: string[]) {
  const run = spawnSync(process.execPath, [path.join(dir, 'bin', 'flowscope.mjs'), ...argv], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  // Each launcher has its own folder, which messages may name.
  const [first, ...rest] = run.stderr.replaceAll(dir, '<root>').split('\n');
  const notice = SLOWER.test(first) ? first : null;
  return {
    status: run.status,
    stdout: run.stdout.replaceAll(dir, '<root>'),
    stderr: notice ? rest.join('\n') : [first, ...rest].join('\n'),
    notice,
  };
}

describe('bin/flowscope.mjs runs the build while it is fresh, else the sources', () => {
  it('gives the same lint from the build and, when a source is newer, from the sources with one line saying so', () => {
    // A finding only the parsed source of a move shows (the build loads the parser on first use).
    const built = flowscope(launcher('fresh'), 'lint', 'fixtures/bang-onmove-pitfall/game.ts');
    const stale = flowscope(launcher('stale'), 'lint', 'fixtures/bang-onmove-pitfall/game.ts');
    expect(built.notice).toBeNull();
    expect(built.stdout).toMatch(/^error {3}legacy-signature {2}phases\.play\.turn\.onMove: /);
    expect(stale.notice).toBe(
      'flowscope: the built command line is older than the sources (app/cli/main.ts changed); running the TypeScript sources, which starts slower (rebuild: npm run build:cli)',
    );
    expect({ status: stale.status, stdout: stale.stdout, stderr: stale.stderr }).toEqual({
      status: built.status,
      stdout: built.stdout,
      stderr: built.stderr,
    });
  });

  it('runs a (G, ctx) game on 0.39, whose own logged refusals need its console bound late, the same from the build and from the sources (no build at all)', () => {
    const game = tempDirWith({
      'game.js': `export default {
        setup: () => ({ n: 0 }),
        moves: { bump: (G, ctx) => { G.n++; ctx.events.setPhase('nowhere'); } },
        phases: { a: { start: true, next: 'b' }, b: {} },
        ai: { enumerate: () => [{ move: 'bump', args: [] }] },
      };\n`,
    });
    const built = launcher('fresh');
    const played = flowscope(
      built,
      'play',
      path.join(game, 'game.js'),
      '--bgio',
      '0.39',
      '--random',
      '2',
      '--seed',
      's',
      '--out',
      path.join(game, 'replay.json'),
    );
    expect(played.status).toBe(0);
    const args = ['replay', path.join(game, 'game.js'), path.join(game, 'replay.json'), '--bgio', '0.39', '--json'];
    const fromBuild = flowscope(built, ...args);
    const fromSources = flowscope(launcher('missing'), ...args);
    expect(fromBuild.stdout).toContain('"outcome":"applied","warning":"boardgame.io logged: invalid phase: nowhere"');
    expect(fromSources.notice).toMatch(/the built command line is missing/);
    expect({ status: fromSources.status, stdout: fromSources.stdout, stderr: fromSources.stderr }).toEqual({
      status: fromBuild.status,
      stdout: fromBuild.stdout,
      stderr: fromBuild.stderr,
    });
  });

  it('runs explore’s worker threads from the build as from the sources', () => {
    const args = ['explore', 'fixtures/tic-tac-toe/game.ts', '--runs', '2', '--steps', '5', '--workers', '1', '--json'];
    const built = flowscope(launcher('fresh'), ...args);
    const missing = flowscope(launcher('missing'), ...args);
    expect(built.status).toBe(0);
    expect(JSON.parse(built.stdout)).toMatchObject({ runs: 2, totalSteps: 10 });
    expect({ status: missing.status, stdout: missing.stdout }).toEqual({ status: built.status, stdout: built.stdout });
  });
});
