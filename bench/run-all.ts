/**
 * `npm run bench`: every row of issues 12 and 33 in one run, each a ratio to its anchor measured
 * in the same run (the UI rows, section `ui`, to their frame budgets in real Chromium). Sizes can
 * be lowered for a quick look: BENCH_STEPS (trace cost, seek; 10,000), BENCH_MEMORY_STEPS
 * (100,000), BENCH_LOG_STEPS (the log row; 100,000), BENCH_ROUNDS (5).
 *
 * Each section runs in a process of its own (`npm run bench -- SECTION` runs one here), so no
 * section measures against what an earlier one left behind: its heap, the engine's code having
 * seen other games, a browser still closing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
const SECTIONS = ['cli', 'trace', 'seek', 'host', 'memory', 'ui', 'explore'];
// Set in a section's own process: where it leaves its rows for the run that started it.
const rowsOut = process.env.FLOWSCOPE_BENCH_ROWS;

if (!only) {
  const dir = mkdtempSync(path.join(tmpdir(), 'flowscope-bench-rows-'));
  const all: Row[] = [];
  for (const name of SECTIONS) {
    const out = path.join(dir, `${name}.json`);
    const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), name], {
      stdio: 'inherit',
      env: { ...process.env, FLOWSCOPE_BENCH_ROWS: out },
    });
    if (run.status !== 0) throw new Error(`bench section ${name} failed (exit ${run.status})`);
    all.push(...(JSON.parse(readFileSync(out, 'utf8')) as Row[]));
  }
  printRows(all);
  process.exit(0);
}
if (!SECTIONS.includes(only)) throw new Error(`no bench section ${only}: one of ${SECTIONS.join(', ')}`);

const rows: Row[] = [];
const section = async (name: string, run: () => Row[] | Promise<Row[]>) => {
  if (only !== name) return;
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
// The playouts first: a worker plays one game, and so do they here, before the search's games.
await section('explore', async () => {
  const playouts = await explorePlayoutRows(rounds);
  return [...(await exhaustiveRows(rounds, 6)), ...playouts, ...exploreWorkers(Math.min(rounds, 3))];
});
if (rowsOut) writeFileSync(rowsOut, JSON.stringify(rows));
else printRows(rows);
