import ELK from 'elkjs/lib/elk.bundled.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ChartModel } from '../../../engine/host/protocol';
import { arrangeChart } from './arrange';
import { edgeCrossings, polylineCrossings, segmentsCross } from './crossings';
import { layOutWithElk, layoutKey } from './elk-graph';
import { estimateText } from './measure';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures');
const p = (x: number, y: number) => ({ x, y });

describe('segment crossings', () => {
  it('counts a line passing through another, not lines that touch, meet at an end or run along each other', () => {
    expect(segmentsCross(p(0, 5), p(10, 5), p(5, 0), p(5, 10))).toBe(true);
    expect(segmentsCross(p(0, 5), p(10, 5), p(5, 5), p(5, 10))).toBe(false);
    expect(segmentsCross(p(0, 5), p(10, 5), p(10, 5), p(10, 10))).toBe(false);
    expect(segmentsCross(p(0, 5), p(10, 5), p(3, 5), p(20, 5))).toBe(false);
    expect(segmentsCross(p(0, 0), p(10, 10), p(0, 10), p(10, 0))).toBe(true);
    expect(polylineCrossings([p(0, 5), p(20, 5), p(20, 0)], [p(5, 0), p(5, 10), p(15, 10), p(15, -5)])).toBe(2);
  });
});

/** Viewer shapes from a narrow side panel to a wide monitor: the rows, and so the routes, differ with each. */
const VIEWERS = [400, 700, 1000, 1400, 2400].flatMap((width) => [400, 700, 1100].map((height) => ({ width, height })));

describe('every fixture chart is drawn without edge crossings', () => {
  const fixtures = readdirSync(FIXTURES).filter((f) => existsSync(path.join(FIXTURES, f, 'chart.json')));

  it('covers the fixtures whose charts had crossings', () => {
    expect(fixtures).toEqual(expect.arrayContaining(['card-phases', 'stages-discard', 'legacy-turn-orders']));
  });

  for (const name of fixtures) {
    it(name, async () => {
      const model = JSON.parse(readFileSync(path.join(FIXTURES, name, 'chart.json'), 'utf8')) as ChartModel;
      const elk = new ELK();
      const { chart, result } = await layOutWithElk(model, estimateText, (g) => elk.layout(g));
      for (const viewer of VIEWERS) {
        const layout = arrangeChart(layoutKey(model), model, chart, result, estimateText, viewer);
        expect(edgeCrossings(layout), `${name} in a ${viewer.width}x${viewer.height} viewer (${layout.rows} rows)`).toEqual([]);
      }
    });
  }
});
