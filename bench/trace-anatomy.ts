/**
 * One side of the trace-cost row on its own, so V8's own diagnostics can take it apart:
 *
 *   node --expose-gc [V8 flags] --import tsx bench/trace-anatomy.ts <bare|traced> <release> [steps] [--steady]
 *
 * `release` is one of the trace-cost games' releases (0.50.2, 0.49.13, 0.32.1). The measured run is
 * a fresh game of `steps` seeded actions (10,000), after one unmeasured run; with `--steady` it is
 * the second half of one game of twice as many (the first half warms the same game up). It prints
 * the run's CPU time and its garbage-collection pauses (as Node's performance observer sees them). Useful
 * flags: `--single-threaded` (garbage collection and compilation on the main thread, so CPU time is
 * the main thread's), `--trace-gc`, `--trace-opt`, `--cpu-prof`. The lines `measured run begins`
 * and `measured run ends` on stderr bracket what the row counts.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { Session } from '../engine';
import { cpuMs, gc } from './measure';
import { GAMES, recordActions } from './rows/games';

const [which, release, stepsArg, ...rest] = process.argv.slice(2);
const game = GAMES.find((g) => g.release === release);
if ((which !== 'bare' && which !== 'traced') || !game) {
  console.error(`usage: trace-anatomy <bare|traced> <${GAMES.map((g) => g.release).join('|')}> [steps] [--steady]`);
  process.exit(2);
}
const steps = Number(stepsArg ?? 10_000);
const steady = rest.includes('--steady');
const actions = await recordActions(game, steady ? 2 * steps : steps, 'bench');
const from = steady ? actions.length - steps : 0;

async function run(measured: boolean): Promise<number> {
  const begin = () => measured && console.error('measured run begins');
  if (which === 'bare') {
    let seen = 0;
    let ms = 0;
    let start: NodeJS.CpuUsage | null = null;
    const total = await game!.bare(actions, 'bench', () => {
      seen++;
      if (seen === from) {
        begin();
        start = process.cpuUsage();
      }
    });
    if (start) {
      const d = process.cpuUsage(start);
      ms = (d.user + d.system) / 1000;
    } else ms = total;
    return ms;
  }
  const session = new Session({ runtime: game!.runtime, config: await game!.config(), numPlayers: game!.numPlayers, seed: 'bench' });
  for (let i = 0; i < from; i++) session.dispatch(actions[i]);
  if (from > 0) begin();
  return cpuMs(() => {
    for (let i = from; i < actions.length; i++) session.dispatch(actions[i]);
  });
}

await run(false);
gc();
const pauses: number[] = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push(entry.duration);
});
if (!steady) console.error('measured run begins');
observer.observe({ entryTypes: ['gc'] });
const ms = await run(true);
// The observer hears of collections asynchronously: let the ones of the run arrive.
await new Promise((resolve) => setTimeout(resolve, 50));
observer.disconnect();
console.error('measured run ends');
const paused = pauses.reduce((a, b) => a + b, 0);
console.log(
  `${which} ${game.release} (${game.label}): ${ms.toFixed(0)} ms CPU for ${steps} steps${steady ? ' (second half of one game)' : ''}; ` +
    `${pauses.length} garbage collections, ${paused.toFixed(0)} ms paused`,
);
