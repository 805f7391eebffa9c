/**
 * Random playouts: explore's steps per CPU second against boardgame.io's bare reducer playing the
 * same actions (each run's own, from the same seed), on `bang` (0.50.2) and on the `(G, ctx)` bench
 * game (0.49.13). Explore's side is a whole run as a worker plays it (the random player choosing,
 * every step traced, classified and counted on the chart), without its determinism check
 * (`--no-determinism`) and with it (the default). The check runs every action of the run a second
 * time and compares each step, so with it explore does twice the reducer's work: against one bare
 * pass it could reach 0.5x at best, so that row's floor is the bare reducer playing the actions twice.
 */
import { chartOf, runPlayout, runSeed, type FlowAction } from '../../engine';
import { alternate, cpuMs, type Row } from '../measure';
import { GAMES, type BenchGame } from './games';

const RUNS = 10;
const STEPS = 200;

async function playoutRows(game: BenchGame, rounds: number): Promise<Row[]> {
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
  const what = `${game.release}, ${game.label}, ${RUNS} runs, ${steps} steps`;
  const rounds_ = (ratios: number[], times = 1) => ratios.map((x) => (times / x).toFixed(2)).join(' ');
  return [
    {
      measure: `explore's random playouts without the determinism check vs the bare reducer, steps per CPU second (${what})`,
      ratio: 1 / unchecked.ratio,
      goal: '>= 0.5x',
      met: 1 / unchecked.ratio >= 0.5,
      detail: `bare ${rate(r.anchor)} steps/s, explore ${rate(unchecked.subject)} steps/s; rounds ${rounds_(unchecked.ratios)}`,
    },
    {
      measure: `explore's random playouts with the determinism check (the default) vs the bare reducer playing the actions twice (${what})`,
      ratio: 2 / checked.ratio,
      goal: '>= 0.5x',
      met: 2 / checked.ratio >= 0.5,
      detail: `explore ${rate(checked.subject)} steps/s, ${(1 / checked.ratio).toFixed(2)}x one bare pass (at most 0.5x: every action runs twice); rounds ${rounds_(checked.ratios, 2)}`,
    },
  ];
}

export async function explorePlayoutRows(rounds: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const release of ['0.50.2', '0.49.13'])
    rows.push(
      ...(await playoutRows(
        GAMES.find((g) => g.release === release)!,
        rounds,
      )),
    );
  return rows;
}
