import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { runWatched, timeoutOf } from './run-watched';

async function watched(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runWatched(argv, { print: (l) => out.push(l), warn: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/flowscope.mjs');
const flowscope = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 30_000 });

describe('the flowscope command, run in a watched worker', () => {
  it('stops a game whose endIf never returns, names the step and the function, and exits 2', () => {
    const dir = tempDirWith({
      'endless.ts': `export default {
        setup: () => ({ n: 0 }),
        moves: { inc: ({ G }: any) => { G.n++; } },
        phases: { main: { start: true, endIf: ({ G }: any) => { while (G.n >= 2) {} return false; } } },
        ai: { enumerate: () => [{ move: 'inc' }] },
      };`,
    });
    const run = flowscope('play', path.join(dir, 'endless.ts'), '--seed', 'x', '--random', '5', '--timeout', '2');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'flowscope: stopped after 2 s without progress while step 2: inc() by player 0, inside phases.main.endIf.',
    );
    expect(run.stderr).toContain('endless loop');
  });

  it('stops a module that hangs while loading', () => {
    const dir = tempDirWith({ 'hang.js': 'for (;;) {}\nexport default { moves: {} };\n' });
    const run = flowscope('play', path.join(dir, 'hang.js'), '--timeout', '2');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/stopped after 2 s without progress while loading .*hang\.js\./);
  });

  it('passes output and exit codes through for ordinary commands', () => {
    const ok = flowscope('play', path.join(path.dirname(bin), '../fixtures/tic-tac-toe/game.ts'), '--seed', 'w', '--random', '2');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).actions).toHaveLength(2);
    expect(flowscope('nonsense').status).toBe(2);
  });

  it('judges progress inside a step: a long replay and a big G are not endless loops', async () => {
    const dir = tempDirWith({
      'fast.ts': `export default { setup: () => ({ n: 0 }), moves: { inc: ({ G }: any) => { G.n++; } }, ai: { enumerate: () => [{ move: 'inc' }] } };`,
      'big.ts': `export default {
        setup: () => ({ cells: Array.from({ length: 100000 }, (_, i) => ({ i, s: 'x' })) }),
        moves: { poke: ({ G }: any) => { G.cells[0].i++; } },
        ai: { enumerate: () => [{ move: 'poke' }] },
      };`,
    });
    // Each step and each game function is quick; the commands as a whole take far longer than the timeout.
    const played = await watched(
      'play',
      path.join(dir, 'fast.ts'),
      '--seed',
      'p',
      '--random',
      '1500',
      '--out',
      path.join(dir, 'fast.json'),
      '--timeout',
      '0.3',
    );
    expect(played.err).not.toMatch(/stopped after/);
    const checked = await watched('check', path.join(dir, 'fast.ts'), path.join(dir, 'fast.json'), '--timeout', '0.3');
    expect(checked).toMatchObject({ code: 0, out: 'ok: 1500 steps replayed, 1501 expectations hold' });
    const big = await watched(
      'play',
      path.join(dir, 'big.ts'),
      '--seed',
      'b',
      '--random',
      '2',
      '--out',
      path.join(dir, 'big.json'),
      '--timeout',
      '0.3',
    );
    expect(big.err).not.toMatch(/stopped after/);
    expect(big.code).toBe(0);
  });

  it('stops a random player whose ai.enumerate never returns', async () => {
    const dir = tempDirWith({
      'enum.ts': `export default { setup: () => ({}), moves: { a: () => {} }, ai: { enumerate: () => { for (;;) {} } } };`,
    });
    const run = await watched('play', path.join(dir, 'enum.ts'), '--seed', 'e', '--random', '2', '--timeout', '0.5');
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/stopped after 0\.5 s without progress while .*, inside ai\.enumerate/);
  });

  it('reads --timeout in both spellings', () => {
    expect(timeoutOf(['play', 'g.ts', '--timeout', '3'])).toBe(3);
    expect(timeoutOf(['play', '--timeout=0.5'])).toBe(0.5);
    expect(timeoutOf(['play'])).toBe(10);
  });
});
