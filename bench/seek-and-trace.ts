/**
 * Measures, in one run:
 *  1. seeking to random steps of a 10,000-step session against replaying from the initial state
 *     (what boardgame.io's Debug panel does to rewind);
 *  2. building the traced session against the bare reducer on the same actions.
 * Prints ratios; absolute times depend on the machine.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/dist/cjs/internal.js';
import { bgio050, findGames, RandomPlayer, selectGame, Session, type FlowAction } from '../engine';
import { withConsoleTo } from '../engine/runtime/console-capture';
import { cloneGraph } from '../engine/util/clone-graph';
import { loadGameModule } from '../app/load/load-game-file';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STEPS = Number(process.env.BENCH_STEPS ?? 10_000);
const SEEKS = 200;
const ROUNDS = 5;

function toBgio(action: FlowAction, initial: any): any {
  if (action.type === 'move') return { type: 'MAKE_MOVE', payload: { type: action.name, args: action.args, playerID: action.playerID } };
  if (action.type === 'event') return { type: 'GAME_EVENT', payload: { type: action.name, args: action.args, playerID: action.playerID } };
  if (action.type === 'reset') return { type: 'RESET', state: cloneGraph(initial) };
  return { type: action.type.toUpperCase(), payload: { type: null, args: null, playerID: action.playerID } };
}

async function main() {
  const fixture = process.argv[2] ?? 'bang';
  const load = async () => selectGame(findGames((await loadGameModule(path.join(root, 'fixtures', fixture, 'game.ts'), bgio050)).exports)).config;
  const config = await load();
  const numPlayers = Math.max(config.minPlayers ?? 2, 4);

  // The actions: a seeded random game, restarted at each game over.
  const recording = new Session({ runtime: bgio050, config, numPlayers, seed: 'bench' });
  const bot = new RandomPlayer({ seed: 'bench', restartOnGameOver: true });
  while (recording.lastIndex < STEPS) recording.dispatch(bot.choose(recording)!);
  const actions = recording.actions();

  const bare = async () => {
    const game = { ...(await load()), seed: 'bench' };
    const reducer = CreateGameReducer({ game });
    return withConsoleTo(null, () => {
      const initial = InitializeGame({ game, numPlayers });
      const pristine = cloneGraph(initial);
      const t0 = performance.now();
      let state = initial;
      for (const a of actions) {
        try {
          const { transients: _t, ...next } = reducer(state, toBgio(a, pristine));
          state = next;
        } catch {
          /* a throwing move leaves the state as it was */
        }
      }
      return { ms: performance.now() - t0, reducer, pristine };
    });
  };

  const traced = () => {
    const t0 = performance.now();
    const s = new Session({ runtime: bgio050, config, numPlayers, seed: 'bench' });
    for (const a of actions) s.dispatch(a);
    return { ms: performance.now() - t0, session: s };
  };

  // Alternate the two, collecting garbage before each run, and compare medians.
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const bareRuns: number[] = [];
  const tracedRuns: number[] = [];
  let session!: Session;
  for (let round = 0; round < ROUNDS + 1; round++) {
    gc();
    const b = await bare();
    gc();
    const t = traced();
    session = t.session;
    if (round === 0) continue; // warm-up
    bareRuns.push(b.ms);
    tracedRuns.push(t.ms);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const bareMs = median(bareRuns);
  const tracedMs = median(tracedRuns);
  const ratios = tracedRuns.map((t, i) => t / bareRuns[i]);

  // Seek targets spread over the session, in random order.
  let x = 12345;
  const targets = Array.from({ length: SEEKS }, () => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % (STEPS + 1)));
  const { reducer, pristine } = await bare();
  const t1 = performance.now();
  withConsoleTo(null, () => {
    for (const target of targets) {
      let state = cloneGraph(pristine);
      for (let i = 0; i < target; i++) {
        try {
          const { transients: _t, ...next } = reducer(state, toBgio(actions[i], pristine));
          state = next;
        } catch {
          /* as above */
        }
      }
    }
  });
  const replayMs = (performance.now() - t1) / SEEKS;
  const t2 = performance.now();
  for (const target of targets) session.stateAt(target);
  const seekMs = (performance.now() - t2) / SEEKS;

  console.log(`fixture ${fixture}, ${numPlayers} players, ${STEPS} steps, ${SEEKS} seeks to random steps`);
  console.log(`seek (checkpoints):          ${seekMs.toFixed(3)} ms per seek`);
  console.log(`replay from initial state:   ${replayMs.toFixed(3)} ms per seek`);
  console.log(`  seek is ${(replayMs / seekMs).toFixed(0)}x faster than replaying from the start (aim: 100x)`);
  console.log(`bare reducer, all actions:   ${bareMs.toFixed(1)} ms`);
  console.log(`traced session, all actions: ${tracedMs.toFixed(1)} ms`);
  console.log(`  tracing costs ${(tracedMs / bareMs).toFixed(2)}x the bare reducer, median of ${ROUNDS} alternating rounds (aim: within 1.3x)`);
  console.log(`  per-round ratios: ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
}

await main();
