import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';

// `flowscope explore` under hostile games and flags, through the real binary: every one stops
// with one clear line (or, for Ctrl+C, the report so far and exit 130); nothing hangs.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
const env = { ...process.env, FLOWSCOPE_STATE_DIR: tempDirWith({}) };
const explore = (...args: string[]) =>
  spawnSync(process.execPath, [bin, 'explore', ...args], { encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL', env });

const game = (moveBody: string, top = '', enumerate = "() => [{ move: 'inc' }]") =>
  `${top}\nexport default { setup: () => ({ n: 0 }), moves: { inc: ({ G }) => { ${moveBody} } }, ai: { enumerate: ${enumerate} } };\n`;

const dir = tempDirWith({
  'hangs-at-load.js': game('G.n++;', 'for (;;) {}'),
  'enumerate-hangs.js': game('G.n++;', '', "(G) => { if (G.n >= 2) for (;;) {} return [{ move: 'inc' }]; }"),
  'exits.js': game('if (G.n++ >= 1) process.exit(0);'),
  'exits-at-load.js': game('G.n++;', 'process.exit(0);'),
  'greedy.js': game('const keep = []; for (;;) keep.push(new Array(1000).fill(G.n));'),
  // Slow enough that a Ctrl+C arrives in the middle of the runs.
  'slow.js': game('let x = 0; for (let i = 0; i < 3e6; i++) x += i; G.n += x > 0 ? 1 : 0;'),
  'plain.js': game('G.n++;'),
  'a-file.txt': 'not a folder',
});
const file = (name: string) => path.join(dir, name);

function expectOneLine(run: { status: number | null; stderr: string }, pattern: RegExp) {
  expect(run.status).toBe(2);
  const ours = run.stderr.split('\n').filter((l) => l.startsWith('flowscope:'));
  expect(ours).toHaveLength(1);
  expect(ours[0]).toMatch(pattern);
  expect(run.stderr).not.toMatch(/unexpected failure|\n\s+at |node:internal|EEXIST/);
}

describe('explore under hostile games', () => {
  it('a module that hangs while loading, and an ai.enumerate that never returns, are stopped and named', () => {
    expectOneLine(
      explore(file('hangs-at-load.js'), '--runs', '2', '--steps', '5', '--timeout', '1'),
      /^flowscope: stopped after 1 s without progress while loading .*, inside the top level of hangs-at-load\.js/,
    );
    expectOneLine(
      explore(file('enumerate-hangs.js'), '--runs', '2', '--steps', '5', '--timeout', '1'),
      /^flowscope: stopped after 1 s without progress while .*, inside ai\.enumerate/,
    );
  });

  it('process.exit() in a move or at load, and memory run out: exit 2 with one line', () => {
    expectOneLine(
      explore(file('exits.js'), '--runs', '2', '--steps', '5'),
      /^flowscope: game code called process\.exit\(0\) while .*inside moves\.inc/,
    );
    expectOneLine(explore(file('exits-at-load.js'), '--runs', '2'), /^flowscope: game code called process\.exit\(0\) while loading/);
    expectOneLine(
      explore(file('greedy.js'), '--runs', '2', '--steps', '5', '--max-memory', '64'),
      /^flowscope: game code ran out of memory \(the limit is 64 MB\) while .*inside moves\.inc; allow more with --max-memory MB/,
    );
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`the first ${signal} stops it, prints what it found so far and exits 130`, async () => {
      const child = spawn(process.execPath, [bin, 'explore', file('slow.js'), '--runs', '500', '--steps', '20', '--workers', '1'], { env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      // Once the runs are under way (the release line comes after the game loaded), interrupt.
      await expect.poll(() => stderr, { timeout: 30_000 }).toMatch(/boardgame\.io 0\.50/);
      child.kill(signal);
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      expect(code).toBe(130);
      expect(stdout).toMatch(/^\d+ runs, \d+ steps/);
      expect(stdout).toMatch(/coverage: /);
      expect(stderr).toMatch(/explore was interrupted: \d+ of 500 runs finished/);
    }, 60_000);
});

describe('explore flags', () => {
  it('--workers, --runs and --steps out of range are refused with their limits', () => {
    expectOneLine(explore(file('plain.js'), '--workers', '1000'), /^flowscope: --workers must be an integer from 1 to 64, got 1000/);
    expectOneLine(explore(file('plain.js'), '--runs', '1e15'), /^flowscope: --runs must be an integer from 1 to 1000000, got 1e15/);
    expectOneLine(explore(file('plain.js'), '--steps', '1e15'), /^flowscope: --steps must be an integer from 1 to 100000, got 1e15/);
  });

  it('--workers beyond the cores is lowered to them, and said', () => {
    const run = explore(file('plain.js'), '--workers', '64', '--runs', '2', '--steps', '3');
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/--workers 64: this machine has \d+ cores, so explore uses \d+ workers/);
  });

  it('--out onto a file is one line, before any run', () => {
    expectOneLine(
      explore(file('plain.js'), '--runs', '2', '--out', file('a-file.txt')),
      /^flowscope: --out .*a-file\.txt is a file: explore writes one replay per finding into a folder, so name a folder$/,
    );
  });
});

describe('explore and a throwing ai.enumerate', () => {
  it('is one line naming ai.enumerate', () => {
    const dir2 = tempDirWith({ 'throws.js': game('G.n++;', '', "() => { throw new Error('no moves today'); }") });
    expectOneLine(
      explore(path.join(dir2, 'throws.js'), '--runs', '1', '--steps', '3'),
      /^flowscope: ai\.enumerate threw while choosing a random action: no moves today$/,
    );
  });
});
