import { alternate, type Row } from '../measure';
import { GAMES, recordActions, tracedSession } from './games';

/** Building a traced session vs boardgame.io's bare reducer on the same actions, per release. */
export async function traceCost(steps: number, rounds: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const game of GAMES) {
    const actions = await recordActions(game, steps, 'bench');
    const r = await alternate(
      rounds,
      () => game.bare(actions, 'bench'),
      async () => (await tracedSession(game, actions, 'bench')).ms,
    );
    rows.push({
      measure: `trace cost vs the bare reducer, ${game.release} (${game.label}, ${steps} steps)`,
      ratio: r.ratio,
      goal: '<= 1.2x',
      met: r.ratio <= 1.2,
      detail: `bare ${r.anchor.toFixed(0)} ms, traced ${r.subject.toFixed(0)} ms CPU; rounds ${r.ratios.map((x) => x.toFixed(2)).join(' ')}`,
    });
  }
  return rows;
}
