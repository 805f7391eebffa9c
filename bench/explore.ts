/**
 * Explore's throughput on a fixture: steps per second per worker, and the speed-up from one
 * worker to W (default: the machine's cores), measured in one run. Start-up (bundling the game once,
 * starting each worker) is included, as a user pays it too.
 *
 *   npm run bench:explore [-- fixture runs steps workers]
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runExplorePool } from '../app/explore/explore-pool';
import { openGame } from '../app/game/open-session';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [fixture = 'bang', runsArg = '64', stepsArg = '200', workersArg = String(availableParallelism())] = process.argv.slice(2);
const file = path.join(root, 'fixtures', fixture, 'game.ts');
const runs = Number(runsArg);
const steps = Number(stepsArg);
const workers = Number(workersArg);

async function measure(w: number): Promise<{ ms: number; steps: number; findings: number }> {
  const start = performance.now();
  // As the command does: bundle the game once, and every worker evaluates that bundle.
  const opened = await openGame(file);
  // Every worker from the start: this measures how throughput scales, not when the pool grows.
  const { outcomes } = await runExplorePool(
    { file, numPlayers: 4, setupData: null, open: { prebuilt: opened.module.bundle }, options: { runs, steps, seed: 'bench' } },
    w,
    60_000,
    () => {},
    undefined,
    { startAll: true },
  );
  const ms = performance.now() - start;
  return { ms, steps: outcomes.reduce((n, o) => n + o.steps, 0), findings: outcomes.reduce((n, o) => n + o.findings.length, 0) };
}

await measure(1); // warm the file system and esbuild's caches
const one = await measure(1);
const many = await measure(workers);
const rate = (r: { ms: number; steps: number }, w: number) => r.steps / (r.ms / 1000) / w;
console.log(
  `explore ${fixture}, 4 players: ${runs} runs of up to ${steps} steps (${one.steps} steps played, ${one.findings} findings), determinism check on`,
);
console.log(`| workers | time | steps/s | steps/s per worker |`);
console.log(`|---|---|---|---|`);
console.log(`| 1 | ${(one.ms / 1000).toFixed(2)} s | ${Math.round(rate(one, 1) * 1)} | ${Math.round(rate(one, 1))} |`);
console.log(
  `| ${workers} | ${(many.ms / 1000).toFixed(2)} s | ${Math.round(rate(many, workers) * workers)} | ${Math.round(rate(many, workers))} |`,
);
console.log(`speed-up from 1 to ${workers} workers: ${(one.ms / many.ms).toFixed(2)}× (ideal ${workers}×)`);
