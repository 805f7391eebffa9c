import { alternate, cpuMs, type Row } from '../measure';
import { GAMES, recordActions, tracedSession } from './games';

/**
 * Ceilings, not targets (issue 33): eight rounds of tuning moved these rows by less than their noise,
 * so each release keeps the ratio it has as a guard that a change must not push over.
 */
export function traceCeiling(release: string): number {
  if (release.startsWith('0.50')) return 1.3;
  if (release.startsWith('0.26')) return 2.4;
  return 1.6;
}

/**
 * Building a traced session vs boardgame.io's bare reducer on the same actions, per release. Beside
 * it, the floor under any traced run: the same session re-derived by `Session.walk`, through the
 * same instrumented game with nothing recorded (the wrappers, the refusal checks, the seeded
 * sandbox) and no step kept.
 */
export async function traceCost(steps: number, rounds: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const game of GAMES) {
    const actions = await recordActions(game, steps, 'bench');
    const { session } = await tracedSession(game, actions, 'bench');
    const r = await alternate(
      rounds,
      () => game.bare(actions, 'bench'),
      async () => (await tracedSession(game, actions, 'bench')).ms,
      () => cpuMs(() => session.walk(() => {})),
    );
    const [traced, floor] = r.subjects;
    const ceiling = traceCeiling(game.release);
    rows.push({
      measure: `trace cost vs the bare reducer, ${game.release} (${game.label}, ${steps} steps)`,
      ratio: traced.ratio,
      goal: `<= ${ceiling}x (a ceiling)`,
      met: traced.ratio <= ceiling,
      detail:
        `bare ${r.anchor.toFixed(0)} ms, traced ${traced.subject.toFixed(0)} ms CPU; rounds ${traced.ratios.map((x) => x.toFixed(2)).join(' ')}; ` +
        `floor (instrumented, nothing recorded) ${floor.ratio.toFixed(2)}x`,
    });
  }
  return rows;
}
