import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { runCli as run } from './testing/run-cli';

const here = path.dirname(fileURLToPath(import.meta.url));
const corner = (name: string) => path.join(here, 'testing/corners', name);

describe('the chart on real-game corners', () => {
  it('a turn order that runs past playOrder adds no seat called "undefined" to the chart value', async () => {
    const game = corner('runs-off-the-end.ts');
    const replay = path.join(tempDirWith({}), 'r.json');
    expect((await run('play', game, '--random', '30', '--seed', 's', '--out', replay)).code).toBe(0);
    const replayed = await run('replay', game, replay, '--json');
    expect(replayed.code, replayed.err).toBe(0);
    const steps = replayed.out.split('\n').map((l) => JSON.parse(l));
    const offTheEnd = steps.filter((s) => s.ctx.currentPlayer === undefined || s.ctx.currentPlayer === 'undefined');
    expect(offTheEnd.length).toBeGreaterThan(0);
    for (const s of steps) {
      const value = s.chart.value as Record<string, { turn: Record<string, string> }>;
      for (const phase of Object.values(value)) expect(Object.keys(phase.turn)).toEqual(['0', '1']);
    }
  });

  it('phase names written as imported constants give the chart its edges (next, endIf, setPhase)', async () => {
    const charted = await run('chart', corner('named-phases.ts'), '--format', 'json');
    expect(charted.code, charted.err).toBe(0);
    const edges = (JSON.parse(charted.out).edges as { kind: string; source: string; target: string }[])
      .filter((e) => e.kind !== 'turn' && e.kind !== 'start')
      .map((e) => `${e.kind} ${e.source}->${e.target}`)
      .sort();
    expect(edges).toEqual(
      [
        'endIf deal->play',
        'end deal->__nophase__',
        'next-fn play->lastRound',
        'next-fn play->over',
        'endIf play->lastRound',
        'endIf play->over',
        'setPhase play->bonus',
        'next bonus->play',
        'end lastRound->__nophase__',
        'endIf lastRound->bonus',
        'endIf lastRound->over',
        'end over->__nophase__',
      ].sort(),
    );
  });
});
