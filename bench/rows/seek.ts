import { cpuMs, type Row } from '../measure';
import { GAMES, recordActions, tracedSession, type BenchGame } from './games';

/** Seeking a session to random steps vs replaying the bare reducer from the start (what boardgame.io's Debug panel does). */
export async function seek(steps: number, targets: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const game of GAMES) rows.push(await seekOf(game, steps, targets));
  return rows;
}

async function seekOf(game: BenchGame, steps: number, targets: number): Promise<Row> {
  const actions = await recordActions(game, steps, 'bench');
  const { session } = await tracedSession(game, actions, 'bench');
  let x = 12345;
  const picks = Array.from({ length: targets }, () => ((x = (x * 1103515245 + 12345) % 2 ** 31), 1 + (x % steps)));
  let replay = 0;
  for (const t of picks) replay += await game.bare(actions.slice(0, t), 'bench');
  const seekMs =
    cpuMs(() => {
      for (let round = 0; round < 20; round++) for (const t of picks) session.stateAt(t);
    }) / 20;
  const ratio = replay / seekMs;
  return {
    measure: `seek vs replay from the start (${game.release}, ${game.label}, ${steps} steps)`,
    ratio,
    goal: '>= 200x',
    met: ratio >= 200,
    detail: `${(seekMs / targets).toFixed(2)} ms vs ${(replay / targets).toFixed(0)} ms CPU per seek, ${targets} random targets`,
  };
}
