import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import type { ChartModel } from '../../../engine/host/protocol';
import { arrangeChart } from './arrange';
import { layOutWithElk, layoutKey } from './elk-graph';
import type { ChartLayout } from './layout-types';
import { estimateText } from './measure';
import { cycleModel } from './test-models';
import { balancedRows } from './wrap-stages';

/** `cycleModel` with six unconnected stages more in phase main (a big turn). */
function bigTurn(): ChartModel {
  const model = cycleModel(4);
  const main = model.phases.find((p) => p.key === 'main')!;
  for (const name of ['scout', 'trade', 'rest', 'duel', 'loot', 'ambush'])
    main.turn.stages.push({ name, moves: ['aMove', 'another'], next: null, declared: true });
  return model;
}

async function layOut(model: ChartModel, viewport: { width: number; height: number }, folded: string[] = []): Promise<ChartLayout> {
  const elk = new ELK();
  const { chart, result } = await layOutWithElk(model, estimateText, (g) => elk.layout(g));
  return arrangeChart(layoutKey(model), model, chart, result, estimateText, viewport, new Set(folded));
}

const overlap = (a: ChartLayout['nodes'][number], b: ChartLayout['nodes'][number]) =>
  a.abs.x < b.abs.x + b.width && b.abs.x < a.abs.x + a.width && a.abs.y < b.abs.y + b.height && b.abs.y < a.abs.y + a.height;

describe('a big turn', () => {
  it('splits groups into rows of about equal width, each row in the config order', () => {
    const g = (id: string, width: number) => ({ id, width });
    const rows = balancedRows([g('rest', 125), g('duel', 220), g('ambush', 310), g('scout', 330)], 2);
    expect(rows.map((r) => r.map((x) => x.id))).toEqual([
      ['rest', 'scout'],
      ['duel', 'ambush'],
    ]);
  });

  it('wraps its stages into the shape that shows the chart biggest, inside its turn and phase, without overlaps', async () => {
    const model = bigTurn();
    const others = model.phases.filter((p) => p.key !== 'main').map((p) => p.key);
    const wide = await layOut(model, { width: 900, height: 420 }, others);
    const tall = await layOut(model, { width: 420, height: 900 }, others);
    const turnOf = (l: ChartLayout) => l.nodes.find((n) => n.id === 'turn:main')!;
    expect(turnOf(wide).width / turnOf(wide).height).toBeGreaterThan(turnOf(tall).width / turnOf(tall).height);
    for (const layout of [wide, tall]) {
      const stages = layout.nodes.filter((n) => n.type === 'stage');
      expect(stages).toHaveLength(10);
      const turn = turnOf(layout);
      const phase = layout.nodes.find((n) => n.id === 'phase:main')!;
      for (const s of stages) {
        expect(s.abs.x >= turn.abs.x && s.abs.x + s.width <= turn.abs.x + turn.width + 0.5, s.id).toBe(true);
        expect(s.abs.y >= turn.abs.y && s.abs.y + s.height <= turn.abs.y + turn.height + 0.5, s.id).toBe(true);
        for (const t of stages) if (s !== t) expect(overlap(s, t), `${s.id} / ${t.id}`).toBe(false);
      }
      expect(turn.abs.x + turn.width <= phase.abs.x + phase.width && turn.abs.y + turn.height <= phase.abs.y + phase.height).toBe(true);
    }
  });

  it('folds the phases it is asked to, to their header alone', async () => {
    const model = bigTurn();
    const open = await layOut(model, { width: 900, height: 600 });
    const folded = await layOut(model, { width: 900, height: 600 }, ['gather', 'market']);
    expect(folded.collapsed).toEqual(['gather', 'market']);
    const gather = folded.nodes.find((n) => n.id === 'phase:gather')!;
    expect(gather.type === 'phase' && gather.collapsed).toBe(true);
    expect(folded.nodes.some((n) => n.id === 'turn:gather')).toBe(false);
    expect(gather.height).toBeLessThan(open.nodes.find((n) => n.id === 'phase:gather')!.height);
    // The phase edges are still drawn to and from a folded phase.
    expect(folded.edges.some((e) => e.source === 'phase:gather' || e.target === 'phase:gather')).toBe(true);
  });
});
