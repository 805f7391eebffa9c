import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import type { ChartModel } from '../../../engine/host/protocol';
import { arrangeChart, flowOrder, groupPhaseEdges } from './arrange';
import { computeHighlight } from './chart-state';
import { layOutWithElk, layoutKey } from './elk-graph';
import { TOKEN } from './geometry';
import type { ChartLayout, LaidNode, Point } from './layout-types';
import { estimateText } from './measure';
import { cycleModel, stagesModel } from './test-models';
import { placeTokens, slotWells } from './tokens';

async function layOut(model: ChartModel, viewport = { width: 720, height: 540 }): Promise<ChartLayout> {
  const elk = new ELK();
  const { chart, result } = await layOutWithElk(model, estimateText, (g) => elk.layout(g));
  return arrangeChart(layoutKey(model), model, chart, result, estimateText, viewport);
}

const rect = (n: LaidNode) => ({ x: n.abs.x, y: n.abs.y, width: n.width, height: n.height });
const inside = (p: Point, r: { x: number; y: number; width: number; height: number }, slack = 0.5) =>
  p.x >= r.x - slack && p.x <= r.x + r.width + slack && p.y >= r.y - slack && p.y <= r.y + r.height + slack;
const onBorder = (p: Point, n: LaidNode) =>
  inside(p, rect(n), 1) &&
  (Math.abs(p.x - n.abs.x) < 1 ||
    Math.abs(p.x - n.abs.x - n.width) < 1 ||
    Math.abs(p.y - n.abs.y) < 1 ||
    Math.abs(p.y - n.abs.y - n.height) < 1);

describe('the chart layout', () => {
  it('nests turns in phases and stages in turns, without overlapping top-level nodes', async () => {
    const layout = await layOut(cycleModel());
    const byId = new Map(layout.nodes.map((n) => [n.id, n]));
    for (const n of layout.nodes) {
      if (!n.parent) continue;
      const p = byId.get(n.parent)!;
      expect(inside(n.abs, rect(p)) && inside({ x: n.abs.x + n.width, y: n.abs.y + n.height }, rect(p)), `${n.id} inside ${p.id}`).toBe(
        true,
      );
    }
    const top = layout.nodes.filter((n) => !n.parent);
    for (const a of top) {
      for (const b of top) {
        if (a === b) continue;
        const overlap =
          a.abs.x < b.abs.x + b.width && b.abs.x < a.abs.x + a.width && a.abs.y < b.abs.y + b.height && b.abs.y < a.abs.y + a.height;
        expect(overlap, `${a.id} overlaps ${b.id}`).toBe(false);
      }
    }
    expect(layout.nodes.filter((n) => n.type === 'stage').map((n) => n.id)).toEqual([
      'stage:main/discard',
      'stage:main/A',
      'stage:main/B',
      'stage:main/C',
    ]);
    expect(byId.has('gameover') && byId.has('start')).toBe(true);
  });

  it('routes every edge orthogonally from its source border to its target border', async () => {
    const layout = await layOut(cycleModel());
    const byId = new Map(layout.nodes.map((n) => [n.id, n]));
    for (const e of layout.edges) {
      const pts = e.points;
      expect(pts.length, e.id).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < pts.length; i++)
        expect(Math.abs(pts[i].x - pts[i - 1].x) < 0.5 || Math.abs(pts[i].y - pts[i - 1].y) < 0.5, `${e.id} segment ${i}`).toBe(true);
      expect(onBorder(pts[0], byId.get(e.source)!), `${e.id} starts on ${e.source}`).toBe(true);
      expect(onBorder(pts[pts.length - 1], byId.get(e.target)!), `${e.id} ends on ${e.target}`).toBe(true);
    }
  });

  it('groups parallel phase edges under one route with a chip each, and makes the game endIf from many phases latent', async () => {
    const layout = await layOut(cycleModel());
    const both = layout.edges.find((e) => e.id === 'route:phase:gather->phase:main')!;
    expect(both.chips.map((c) => c.text)).toEqual(['next', 'endIf']);
    expect(
      layout.edges
        .filter((e) => e.latent)
        .map((e) => e.edges[0].id)
        .sort(),
    ).toEqual(['gameover:__nophase__->gameover', 'gameover:gather->gameover', 'gameover:main->gameover', 'gameover:market->gameover']);
    const few = await layOut(stagesModel());
    expect(few.edges.some((e) => e.latent)).toBe(false);
  });

  it('orders phases from the start along the flow, gameover last', () => {
    const model = cycleModel();
    expect(flowOrder(model, groupPhaseEdges(model))).toEqual([
      'phase:gather',
      'phase:main',
      'phase:market',
      'phase:__nophase__',
      'gameover',
    ]);
  });

  it('uses more rows in a tall viewer than in a wide one', async () => {
    const wide = await layOut(cycleModel(), { width: 3000, height: 500 });
    const tall = await layOut(cycleModel(), { width: 400, height: 1200 });
    expect(wide.rows).toBe(1);
    expect(tall.rows).toBeGreaterThan(1);
  });
});

describe('token placement', () => {
  it('puts each token in its own spot inside its well, wrapping rows, for 7 players in one stage', async () => {
    const model = stagesModel(7);
    const layout = await layOut(model);
    const all = Object.fromEntries(model.players.map((p) => [p, 'stage:chooseCard']));
    const h = computeHighlight(model, { chart: { play: { turn: all } } as never, transitions: [] }, null);
    const tokens = placeTokens(slotWells(layout), h.slots);
    expect(tokens).toHaveLength(7);
    const stage = layout.nodes.find((n) => n.id === 'stage:play/chooseCard')!;
    for (const t of tokens) {
      expect(t.slot).toBe('play/stage:chooseCard');
      expect(
        inside({ x: t.x, y: t.y }, rect(stage)) && inside({ x: t.x + TOKEN, y: t.y + TOKEN }, rect(stage)),
        `token ${t.player} inside the stage`,
      ).toBe(true);
    }
    expect(new Set(tokens.map((t) => `${t.x},${t.y}`)).size).toBe(7);
  });

  it('uses the active and waiting lanes of the turn, gameover/none at the end, and the active lane for a stage not laid out yet', async () => {
    const model = stagesModel(3);
    const layout = await layOut(model);
    const wells = slotWells(layout);
    const turn = layout.nodes.find((n) => n.id === 'turn:play')!;
    const h = computeHighlight(
      model,
      { chart: { play: { turn: { 0: 'active', 1: 'waiting', 2: 'stage:brandNew' } } }, transitions: [] },
      null,
    );
    const [a, w, fresh] = placeTokens(wells, h.slots);
    expect([a.slot, w.slot, fresh.slot]).toEqual(['play/active', 'play/waiting', 'play/stage:brandNew']);
    for (const t of [a, w, fresh]) expect(inside({ x: t.x, y: t.y }, rect(turn))).toBe(true);
    expect(w.y).toBeGreaterThan(a.y);
    expect(fresh.y).toBe(a.y);
    const over = computeHighlight(model, { chart: 'gameover', transitions: [] }, null);
    const go = layout.nodes.find((n) => n.type === 'gameover')!;
    for (const t of placeTokens(wells, over.slots)) expect(t.slot === 'gameover/none' && inside({ x: t.x, y: t.y }, rect(go))).toBe(true);
  });
});
