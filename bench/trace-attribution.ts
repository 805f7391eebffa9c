/**
 * `npm run bench:attribution [release…] [--functions=N]`: where the trace-cost row's time goes, per step. The
 * row's wall ratio moves by ±15% from run to run on a shared 2-core machine; a CPU profile of
 * many steps says steadily whose code the time is spent in. For each release it profiles the bare
 * reducer and the traced session over the same seeded actions (one warm-up run each first) and
 * prints the self time per step of boardgame.io (with immer, lodash), the game's code, each part
 * of Flowscope's engine and the garbage collector. The profiler's own overhead inflates every
 * figure alike; read them against each other, not as absolute times. `--functions=N` lists the N
 * functions of Flowscope's with the most self time in the traced runs.
 */
import { Session as InspectorSession } from 'node:inspector/promises';
import { gc } from './measure';
import { selfTimeByCategory, selfTimeByFunction, type CpuProfile } from './profile-categories';
import { GAMES, recordActions, tracedSession, type BenchGame } from './rows/games';

const steps = Number(process.env.BENCH_STEPS ?? 10_000);
const runs = Number(process.env.BENCH_ROUNDS ?? 3);
const functions = Number(process.argv.find((a) => a.startsWith('--functions='))?.slice('--functions='.length) ?? 0);
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));

const inspector = new InspectorSession();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.setSamplingInterval', { interval: 200 });

async function profiled(run: () => Promise<void>): Promise<CpuProfile> {
  gc();
  await inspector.post('Profiler.start');
  await run();
  return ((await inspector.post('Profiler.stop')) as unknown as { profile: CpuProfile }).profile;
}

async function attribution(game: BenchGame): Promise<void> {
  const actions = await recordActions(game, steps, 'bench');
  const traced = async () => {
    await tracedSession(game, actions, 'bench');
  };
  const bare = async () => {
    await game.bare(actions, 'bench');
  };
  await bare();
  await traced();
  const bareProfile = await profiled(async () => {
    for (let i = 0; i < runs; i++) await bare();
  });
  const tracedProfile = await profiled(async () => {
    for (let i = 0; i < runs; i++) await traced();
  });
  const sides = { bare: selfTimeByCategory(bareProfile), traced: selfTimeByCategory(tracedProfile) };
  const perStep = (side: Map<string, number>, category: string) => ((side.get(category) ?? 0) * 1000) / (runs * actions.length);
  const categories = [...new Set([...sides.bare.keys(), ...sides.traced.keys()])]
    .filter((c) => c !== 'other')
    .sort((a, b) => perStep(sides.traced, b) - perStep(sides.traced, a));
  const total = (side: Map<string, number>) => categories.reduce((sum, c) => sum + perStep(side, c), 0);
  console.log(`\n${game.release} (${game.label}), ${actions.length} steps × ${runs}: µs of self time per step`);
  console.log('| part | bare | traced |\n|---|---|---|');
  for (const c of categories) console.log(`| ${c} | ${perStep(sides.bare, c).toFixed(1)} | ${perStep(sides.traced, c).toFixed(1)} |`);
  const own = categories.filter((c) => c.startsWith('flowscope:')).reduce((sum, c) => sum + perStep(sides.traced, c), 0);
  console.log(
    `| all but Node and the harness | ${total(sides.bare).toFixed(1)} | ${total(sides.traced).toFixed(1)} (${(total(sides.traced) / total(sides.bare)).toFixed(2)}x; Flowscope's own ${own.toFixed(1)}, ${((100 * own) / total(sides.bare)).toFixed(0)}% of the bare step) |`,
  );
  if (!functions) return;
  console.log(`\nFlowscope's ${functions} costliest functions (µs of self time per step):`);
  for (const [fn, ms] of selfTimeByFunction(tracedProfile, (c) => c.startsWith('flowscope:')).slice(0, functions)) {
    console.log(`  ${((ms * 1000) / (runs * actions.length)).toFixed(2).padStart(6)}  ${fn}`);
  }
}

for (const game of GAMES) if (!wanted.length || wanted.includes(game.release)) await attribution(game);
inspector.disconnect();
