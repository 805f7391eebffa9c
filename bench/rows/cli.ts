import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildSync } from 'esbuild';
import { median, type Row } from '../measure';
import { root } from './games';

/**
 * Wall time of one-shot CLI commands vs the floor: a Node process that only loads boardgame.io
 * and the game (bundled ahead, as the CLI bundles it). Alternating runs, median per command; the
 * CPU time of each process (every thread) beside it, steadier than wall time on a busy machine.
 * Runs whatever bin/flowscope.mjs runs: the build in dist/cli when it is fresh (`npm run build:cli`).
 */
export function cliWallTime(rounds: number): Row[] {
  const game = path.join(root, 'fixtures', 'bang', 'game.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'flowscope-bench-'));
  const bundle = path.join(dir, 'game.cjs');
  buildSync({
    entryPoints: [game],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    outfile: bundle,
    external: ['boardgame.io', 'boardgame.io/*'],
    logLevel: 'silent',
  });
  const floor = path.join(dir, 'floor.cjs');
  writeFileSync(
    floor,
    `require('boardgame.io/dist/cjs/internal.js'); require('boardgame.io/dist/cjs/core.js'); require(${JSON.stringify(bundle)});\n`,
  );
  const commands: Record<string, string[]> = {
    floor: [floor],
    lint: ['bin/flowscope.mjs', 'lint', game],
    chart: ['bin/flowscope.mjs', 'chart', game],
    'play --random 10': ['bin/flowscope.mjs', 'play', game, '--random', '10'],
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  const timed = commandTimer(dir);
  const run = (args: string[]) => timed(args);
  for (let round = 0; round <= rounds; round++) {
    for (const [name, args] of Object.entries(commands)) {
      const ms = run(args);
      if (round > 0) {
        times[name].push(ms.wall);
        cpu[name].push(ms.cpu);
      }
    }
  }
  const floorMs = median(times.floor);
  const floorCpu = median(cpu.floor);
  const how = timed.fromSources() ? 'from the TypeScript sources (no fresh build)' : 'built';
  return Object.keys(commands)
    .filter((k) => k !== 'floor')
    .map((name) => {
      const ratio = median(times[name].map((t, i) => t / times.floor[i]));
      const cpuRatio = median(cpu[name].map((t, i) => t / cpu.floor[i]));
      return {
        measure: `\`flowscope ${name}\` wall time vs the floor (bang)`,
        ratio,
        goal: '<= 3x',
        met: ratio <= 3,
        detail: `${median(times[name]).toFixed(0)} ms vs ${floorMs.toFixed(0)} ms (Node loading boardgame.io and the game); CPU ${cpuRatio.toFixed(2)}x (${median(cpu[name]).toFixed(0)} ms vs ${floorCpu.toFixed(0)} ms); ${how}; ${rounds} alternating rounds`,
      };
    });
}

/**
 * Runs `node args…` in the project's folder and returns its wall time and the CPU time the whole
 * process used (every thread, read by report-cpu.mjs at its exit); `fromSources()` says whether any
 * run went through the TypeScript sources instead of the build.
 */
export function commandTimer(
  dir: string,
): ((args: string[]) => { wall: number; cpu: number; stderr: string }) & { fromSources(): boolean } {
  const cpuFile = path.join(dir, 'cpu');
  const reporter = new URL('./report-cpu.mjs', import.meta.url).href;
  let fromSources = false;
  const run = (args: string[]) => {
    const t = performance.now();
    const r = spawnSync(process.execPath, ['--import', reporter, ...args], {
      cwd: root,
      env: { ...process.env, NODE_PATH: path.join(root, 'node_modules'), FLOWSCOPE_BENCH_CPU: cpuFile },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
    if (/running the TypeScript sources/.test(String(r.stderr))) fromSources = true;
    return { wall: performance.now() - t, cpu: Number(readFileSync(cpuFile, 'utf8')), stderr: String(r.stderr) };
  };
  return Object.assign(run, { fromSources: () => fromSources });
}
