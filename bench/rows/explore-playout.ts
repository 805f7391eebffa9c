/**
 * Random playouts: explore's steps per CPU second against boardgame.io's bare reducer playing the
 * same actions (each run's own, from the same seed), on `bang` (0.50.2) and on the `(G, ctx)` bench
 * game (0.49.13). Explore's side is a whole run as a worker plays it (the random player choosing,
 * every step traced, classified and counted on the chart), with its determinism check (the
 * default: the run's actions again) and without it (`--no-determinism`).
 */
import { chartOf, runPlayout, runSeed, type FlowAction } from '../../engine';
import { alternate, cpuMs, type Row } from '../measure';
import { GAMES, type BenchGame } from './games';

const RUNS = 10;
const STEPS = 200;

async function playoutRow(game: BenchGame, rounds: number): Promise<Row> {
  const config = await game.config();
  const explored = { runtime: game.runtime, config, numPlayers: game.numPlayers };
  const model = chartOf(config, game.numPlayers, game.runtime);
  const play = (checkDeterminism: boolean) => {
    const runs: FlowAction[][] = [];
    const ms = cpuMs(() => {
      for (let i = 0; i < RUNS; i++)
        runs.push(runPlayout(explored, model, { seed: runSeed('bench', i), steps: STEPS, checkDeterminism }).actions);
    });
    return { ms, runs };
  };
  const { runs } = play(false);
  const steps = runs.reduce((n, a) => n + a.length, 0);
  const bare = async () => {
    let ms = 0;
    for (let i = 0; i < RUNS; i++) ms += await game.bare(runs[i], runSeed('bench', i));
    return ms;
  };
  const r = await alternate(
    rounds,
    bare,
    () => play(true).ms,
    () => play(false).ms,
  );
  const [checked, unchecked] = r.subjects;
  const rate = (ms: number) => Math.round(steps / (ms / 1000));
  // Steps per CPU second relative to the bare reducer's: the inverse of the time ratio.
  return {
    measure: `explore's random playouts vs the bare reducer, steps per CPU second (${game.release}, ${game.label}, ${RUNS} runs, ${steps} steps)`,
    ratio: 1 / checked.ratio,
    goal: '>= 0.5x',
    met: 1 / checked.ratio >= 0.5,
    detail:
      `bare ${rate(r.anchor)} steps/s, explore ${rate(checked.subject)} steps/s with the determinism check (the default), ` +
      `${rate(unchecked.subject)} steps/s (${(1 / unchecked.ratio).toFixed(2)}x) without; rounds ${checked.ratios.map((x) => (1 / x).toFixed(2)).join(' ')}`,
  };
}

export async function explorePlayoutRows(rounds: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const release of ['0.50.2', '0.49.13'])
    rows.push(
      await playoutRow(
        GAMES.find((g) => g.release === release)!,
        rounds,
      ),
    );
  return rows;
}
