import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, type Row } from '../measure';
import { commandTimer } from './cli';
import { root } from './games';

/**
 * `flowscope explore --workers 2` against `--workers 1` on the same 40 runs of `bang` (4 players):
 * the CPU time of the whole command (every thread), alternating the two, median of the per-round
 * ratios. What a second worker costs beyond the first is its own start-up (loading the game and
 * boardgame.io, and V8 warming up a new isolate); the runs themselves are the same work.
 */
export function exploreWorkers(rounds: number, runs = 40): Row[] {
  const timed = commandTimer(mkdtempSync(path.join(tmpdir(), 'flowscope-bench-')));
  const game = path.join(root, 'fixtures', 'bang', 'game.ts');
  const explore = (workers: number) =>
    timed(['bin/flowscope.mjs', 'explore', game, '--players', '4', '--runs', String(runs), '--workers', String(workers)]);
  const one: number[] = [];
  const two: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    const a = explore(1);
    const b = explore(2);
    if (round === 0) continue;
    one.push(a.cpu);
    two.push(b.cpu);
  }
  const ratio = median(two.map((t, i) => t / one[i]));
  return [
    {
      measure: `\`explore --workers 2\` vs \`--workers 1\`, ${runs} runs of bang: CPU of the whole command`,
      ratio,
      goal: '<= 1.15x',
      met: ratio <= 1.15,
      detail: `${median(two).toFixed(0)} ms vs ${median(one).toFixed(0)} ms CPU; rounds ${two.map((t, i) => (t / one[i]).toFixed(2)).join(' ')}; ${timed.fromSources() ? 'from the TypeScript sources' : 'built'}`,
    },
  ];
}
