import { gc, median, type Row } from '../measure';
import { GAMES, recordActions, tracedSession, type BenchGame } from './games';

const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/**
 * Heap held by a `steps`-step session (its records, traces and checkpoints) vs keeping every
 * output of boardgame.io's bare reducer on the same actions (immer shares what did not change).
 */
export async function memory(steps: number, rounds: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const game of GAMES) rows.push(await memoryOf(game, steps, rounds));
  return rows;
}

async function memoryOf(game: BenchGame, steps: number, rounds: number): Promise<Row> {
  const actions = await recordActions(game, steps, 'bench');
  const session: number[] = [];
  const outputs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let kept: unknown[] | null = [];
    let h0 = heap();
    await game.bare(actions, 'bench', (s) => kept!.push(s));
    outputs.push(heap() - h0);
    kept = null;
    h0 = heap();
    let held: unknown = (await tracedSession(game, actions, 'bench')).session;
    session.push(heap() - h0);
    held = null;
    void held;
    void kept;
  }
  const ratio = median(session.map((s, i) => s / outputs[i]));
  const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
  return {
    measure: `memory of a ${steps.toLocaleString('en')}-step session vs keeping every reducer output (${game.release}, ${game.label})`,
    ratio,
    goal: '<= 0.5x',
    met: ratio <= 0.5,
    detail: `session ${mib(median(session))} (${(median(session) / steps).toFixed(0)} B/step), outputs ${mib(median(outputs))}; ${rounds} rounds`,
  };
}
