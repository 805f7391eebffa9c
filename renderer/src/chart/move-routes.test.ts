import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import type { ChartModel } from '../../../engine/host/protocol';
import { arrangeChart } from './arrange';
import { computeHighlight, type StepLike } from './chart-state';
import { layOutWithElk, layoutKey } from './elk-graph';
import { STAGE_PAD } from './geometry';
import type { ChartLayout, Point } from './layout-types';
import { estimateText } from './measure';
import { offsetPolyline, routeMoves } from './move-routes';
import { cycleModel, stagesModel } from './test-models';
import { tokenMoves } from './token-moves';
import { placeTokens, slotWells } from './tokens';

async function layOut(model: ChartModel): Promise<ChartLayout> {
  const elk = new ELK();
  const { chart, result } = await layOutWithElk(model, estimateText, (g) => elk.layout(g));
  return arrangeChart(layoutKey(model), model, chart, result, estimateText, { width: 900, height: 600 });
}

const step = (phase: string, slots: Record<string, string>): StepLike => ({
  chart: { [phase]: { turn: slots } } as StepLike['chart'],
  transitions: [],
});

function movesOf(model: ChartModel, layout: ChartLayout, before: StepLike, after: StepLike) {
  const wells = slotWells(layout);
  const was = placeTokens(wells, computeHighlight(model, before, null).slots);
  const now = placeTokens(wells, computeHighlight(model, after, before).slots);
  return routeMoves(layout, tokenMoves(was, now, after));
}

/** The stage titles and move chips a segment runs through. */
function overText(layout: ChartLayout, points: Point[]): string[] {
  const hits: string[] = [];
  for (const n of layout.nodes) {
    if (n.type !== 'stage') continue;
    const box = { x: n.abs.x + STAGE_PAD, y: n.abs.y + STAGE_PAD, width: n.box.block.width, height: n.box.block.height };
    for (let i = 1; i < points.length; i++) {
      const [p, q] = [points[i - 1], points[i]];
      for (let t = 0; t <= 1; t += 0.02) {
        const x = p.x + (q.x - p.x) * t;
        const y = p.y + (q.y - p.y) * t;
        if (x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height) hits.push(n.stage.name);
      }
    }
  }
  return [...new Set(hits)];
}

const orthogonal = (points: Point[]) =>
  points.every((p, i) => i === 0 || Math.abs(p.x - points[i - 1].x) < 0.01 || Math.abs(p.y - points[i - 1].y) < 0.01);

describe('player moves drawn as routed edges', () => {
  it('runs orthogonally from the old place to the new one, clear of every stage title and move', async () => {
    const model = stagesModel(4);
    const layout = await layOut(model);
    const routed = movesOf(
      model,
      layout,
      step('play', { 0: 'active', 1: 'waiting', 2: 'waiting', 3: 'waiting' }),
      step('play', { 0: 'waiting', 1: 'stage:respondToBang', 2: 'waiting', 3: 'waiting' }),
    );
    expect(routed.map((m) => `${m.player} ${m.from.slot} → ${m.to.slot}`)).toEqual([
      '0 play/active → play/waiting',
      '1 play/waiting → play/stage:respondToBang',
    ]);
    for (const m of routed) {
      expect(orthogonal(m.points), m.player).toBe(true);
      expect(overText(layout, m.points), m.player).toEqual([]);
    }
  });

  it('bundles players moving together: one route, side by side', async () => {
    const model = cycleModel(3);
    const layout = await layOut(model);
    const routed = movesOf(
      model,
      layout,
      step('main', { 0: 'active', 1: 'waiting', 2: 'waiting' }),
      step('main', { 0: 'active', 1: 'stage:discard', 2: 'stage:discard' }),
    );
    expect(routed.map((m) => m.player)).toEqual(['1', '2']);
    const [a, b] = routed.map((m) => m.points);
    expect(a.length).toBe(b.length);
    // Parallel: every corner of one is 4 px from the other's.
    for (let i = 1; i < a.length - 1; i++) expect(Math.hypot(a[i].x - b[i].x, a[i].y - b[i].y)).toBeCloseTo(4 * Math.SQRT2, 0);
    for (const m of routed) expect(overText(layout, m.points)).toEqual([]);
  });

  it('draws no line for a move to another phase (the phase edge the step took shows it)', async () => {
    const model = cycleModel(2);
    const layout = await layOut(model);
    expect(movesOf(model, layout, step('gather', { 0: 'active', 1: 'waiting' }), step('main', { 0: 'active', 1: 'waiting' }))).toEqual([]);
  });

  it('offsets a polyline sideways, keeping it orthogonal', () => {
    expect(
      offsetPolyline(
        [
          { x: 0, y: 0 },
          { x: 10, y: 0 },
          { x: 10, y: 10 },
        ],
        2,
      ),
    ).toEqual([
      { x: 0, y: 2 },
      { x: 8, y: 2 },
      { x: 8, y: 10 },
    ]);
  });
});
