import { gc, median, type Row } from '../measure';
import type { FlowAction } from '../../engine';
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
    outputs.push(await outputsHeap(game, actions));
    session.push(await sessionHeap(game, actions));
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

/**
 * Each side is measured in a function of its own, so that nothing of it outlives the measure: a
 * temporary in the caller's async frame (the `{ session, ms }` that `tracedSession` resolves to)
 * kept the last round's session alive into the next round's baseline, and that round's outputs
 * then measured half their size.
 */
async function outputsHeap(game: BenchGame, actions: FlowAction[]): Promise<number> {
  const kept: unknown[] = [];
  const h0 = heap();
  await game.bare(actions, 'bench', (s) => kept.push(s));
  const held = heap() - h0;
  // Also keeps `kept` alive until the heap is read.
  if (kept.length !== actions.length) throw new Error(`the bare reducer kept ${kept.length} of ${actions.length} outputs`);
  return held;
}

async function sessionHeap(game: BenchGame, actions: FlowAction[]): Promise<number> {
  const h0 = heap();
  const { session } = await tracedSession(game, actions, 'bench');
  const held = heap() - h0;
  if (session.lastIndex !== actions.length) throw new Error(`the session has ${session.lastIndex} of ${actions.length} steps`);
  return held;
}
