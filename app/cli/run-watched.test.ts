import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { timeoutOf } from './run-watched';

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
    expect(run.stderr).toContain('flowscope: stopped after 2 s without progress while step 2: inc() by player 0, inside phases.main.endIf.');
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

  it('reads --timeout in both spellings', () => {
    expect(timeoutOf(['play', 'g.ts', '--timeout', '3'])).toBe(3);
    expect(timeoutOf(['play', '--timeout=0.5'])).toBe(0.5);
    expect(timeoutOf(['play'])).toBe(10);
  });
});
