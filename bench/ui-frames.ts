/**
 * `npm run bench:ui`: the UI rows of `npm run bench` alone (bench/rows/ui.ts). BENCH_LOG_STEPS
 * (100,000) and BENCH_ROUNDS (5) lower the sizes for a quick look.
 */
import { printRows } from './measure';
import { uiRows } from './rows/ui';

const rows = await uiRows({ rounds: Number(process.env.BENCH_ROUNDS ?? 5), logSteps: Number(process.env.BENCH_LOG_STEPS ?? 100_000) });
for (const r of rows) console.log(`${r.measure}: ${r.ratio.toFixed(2)}x (${r.detail})`);
printRows(rows);
