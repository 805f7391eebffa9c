import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { median, type Row } from '../measure';
import { commandTimer } from './cli';
import { root } from './games';

/**
 * `flowscope explore --workers 2` against `--workers 1` on the same runs of `bang` (4 players):
 * the CPU time of the whole command (every thread), alternating the two, median of the per-round
 * ratios. A second worker costs its start-up (loading the game and boardgame.io, and V8 compiling
 * their hot code again in a new isolate); the runs themselves are the same work. The pool starts
 * it only when the runs left repay that (app/explore/pool-growth.ts): on 40 runs it does not, on
 * 200 it does, so the second row is the cost and the wall-time gain of two workers really running.
 * The first row's detail also gives `--all-workers` (both started at once) on the same 40 runs.
 */
export function exploreWorkers(rounds: number): Row[] {
  const timed = commandTimer(mkdtempSync(path.join(tmpdir(), 'flowscope-bench-')));
  const game = path.join(root, 'fixtures', 'bang', 'game.ts');
  const explore = (runs: number, ...flags: string[]) =>
    timed(['bin/flowscope.mjs', 'explore', game, '--players', '4', '--runs', String(runs), ...flags]);
  const pair = (runs: number, flags: string[]) => {
    const one: { cpu: number; wall: number }[] = [];
    const two: { cpu: number; wall: number; stderr: string }[] = [];
    for (let round = 0; round <= rounds; round++) {
      const a = explore(runs, '--workers', '1');
      const b = explore(runs, '--workers', '2', ...flags);
      if (round === 0) continue;
      one.push(a);
      two.push(b);
    }
    const cpu = median(two.map((t, i) => t.cpu / one[i].cpu));
    const wall = median(two.map((t, i) => one[i].wall / t.wall));
    const held = two.filter((t) => /explore used 1 of 2 workers/.test(t.stderr)).length;
    return { one, two, cpu, wall, held };
  };
  const few = pair(40, []);
  const forced = pair(40, ['--all-workers']);
  const many = pair(200, []);
  const started = (p: typeof few) =>
    p.held === p.two.length
      ? 'the pool started 1 worker'
      : p.held === 0
        ? 'the pool started both'
        : `1 worker in ${p.held} of ${p.two.length} rounds`;
  const ms = (xs: { cpu: number }[]) => median(xs.map((x) => x.cpu)).toFixed(0);
  const from = timed.fromSources() ? 'from the TypeScript sources' : 'built';
  return [
    {
      measure: '`explore --workers 2` vs `--workers 1`, 40 runs of bang: CPU of the whole command',
      ratio: few.cpu,
      goal: '<= 1.15x',
      met: few.cpu <= 1.15,
      detail: `${ms(few.two)} ms vs ${ms(few.one)} ms CPU, ${started(few)}; with --all-workers ${forced.cpu.toFixed(2)}x CPU for ${forced.wall.toFixed(2)}x the speed; ${from}`,
    },
    {
      measure: '`explore --workers 2` vs `--workers 1`, 200 runs of bang: CPU of the whole command',
      ratio: many.cpu,
      goal: '<= 1.15x',
      met: many.cpu <= 1.15,
      detail: `${ms(many.two)} ms vs ${ms(many.one)} ms CPU, ${started(many)}; ${many.wall.toFixed(2)}x the speed (wall time) on this machine's ${availableParallelism()} cores; ${from}`,
    },
  ];
}
