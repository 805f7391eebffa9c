/**
 * Measures, in one run, what the deterministic sandbox costs a traced session: the same actions run
 * on a game loaded with the sandbox (seeded Math.random, Date, performance, crypto) and without it
 * (`--no-sandbox-random`), for a game that never touches those globals (a fixture) and for one whose
 * every move calls Math.random. Prints ratios of medians; absolute times depend on the machine.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { bgio050, findGames, RandomPlayer, selectGame, Session, type FlowAction, type GameRandomness } from '../engine';
import { loadGameModule } from '../app/load/load-game-file';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STEPS = Number(process.env.BENCH_STEPS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

async function measure(label: string, file: string, numPlayers: number): Promise<void> {
  const open = async (gameRandomness: GameRandomness) => {
    const module = await loadGameModule(file, bgio050, { gameRandomness });
    return { module, config: selectGame(findGames(module.exports)).config };
  };
  const modes = { seeded: await open('seeded'), real: await open('real') };
  const recording = new Session({ runtime: bgio050, config: modes.seeded.config, numPlayers, seed: 'bench', gameRandomness: 'seeded' });
  const bot = new RandomPlayer({ seed: 'bench', restartOnGameOver: true });
  while (recording.lastIndex < STEPS) recording.dispatch(bot.choose(recording)!);
  const actions: FlowAction[] = recording.actions();

  const run = (mode: GameRandomness) => {
    const { config, module } = modes[mode];
    const t0 = performance.now();
    const s = new Session({ runtime: bgio050, config, numPlayers, seed: 'bench', gameRandomness: module.gameRandomness });
    for (const a of actions) s.dispatch(a);
    for (let i = 0; i < 200; i++) s.stateAt((i * 7919) % s.length);
    return performance.now() - t0;
  };
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const times: Record<GameRandomness, number[]> = { seeded: [], real: [] };
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const mode of ['seeded', 'real'] as const) {
      gc();
      const ms = run(mode);
      if (round > 0) times[mode].push(ms);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [on, off] = [median(times.seeded), median(times.real)];
  console.log(
    `${label}: ${STEPS} steps + 200 seeks, sandbox on ${on.toFixed(0)} ms, off ${off.toFixed(0)} ms: ${(on / off).toFixed(2)}× (rounds: ${times.seeded.map((t, i) => (t / times.real[i]).toFixed(2)).join(' ')})`,
  );
}

await measure('bang (no Math.random, Date or crypto)', path.join(root, 'fixtures', 'bang', 'game.ts'), 4);
await measure('rolls (Math.random in every move)', path.join(root, 'app', 'load', 'testing', 'games', 'rolls.js'), 2);
