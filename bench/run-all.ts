/**
 * `npm run bench`: every row of issues 12 and 33 in one run, each a ratio to its anchor measured
 * in the same run (the UI rows, section `ui`, to their frame budgets in real Chromium). Sizes can
 * be lowered for a quick look: BENCH_STEPS (trace cost, seek; 10,000), BENCH_MEMORY_STEPS
 * (100,000), BENCH_LOG_STEPS (the log row; 100,000), BENCH_ROUNDS (5).
 */
import { printRows, type Row } from './measure';
import { cliWallTime } from './rows/cli';
import { exhaustiveRows } from './rows/exhaustive';
import { explorePlayoutRows } from './rows/explore-playout';
import { exploreWorkers } from './rows/explore-workers';
import { hostCpu } from './rows/host-cpu';
import { memory } from './rows/memory';
import { seek } from './rows/seek';
import { traceCost } from './rows/trace-cost';
import { uiRows } from './rows/ui';

const steps = Number(process.env.BENCH_STEPS ?? 10_000);
const memorySteps = Number(process.env.BENCH_MEMORY_STEPS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const logSteps = Number(process.env.BENCH_LOG_STEPS ?? 100_000);
const only = process.argv[2];

const rows: Row[] = [];
const section = async (name: string, run: () => Row[] | Promise<Row[]>) => {
  if (only && only !== name) return;
  const got = await run();
  for (const r of got) console.log(`${r.measure}: ${r.ratio.toFixed(2)}x (${r.detail})`);
  rows.push(...got);
};
await section('cli', () => cliWallTime(rounds));
await section('trace', () => traceCost(steps, rounds));
await section('seek', () => seek(steps, 10));
await section('host', () => hostCpu(2000, 50, rounds));
await section('memory', () => memory(memorySteps, Math.max(1, Math.min(rounds, 2))));
await section('ui', () => uiRows({ rounds, logSteps }));
await section('explore', async () => [
  ...(await exhaustiveRows(rounds, 6)),
  ...(await explorePlayoutRows(rounds)),
  ...exploreWorkers(Math.min(rounds, 3)),
]);
printRows(rows);
