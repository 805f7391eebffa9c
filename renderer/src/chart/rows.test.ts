import { describe, expect, it } from 'vitest';
import { edgeCrossings } from './crossings';
import { fitAvoiding } from './fit';
import { flowRows } from './geometry';
import { placeRows, splitRows, type Link, type RowItem } from './rows';

const items = (sizes: [string, number, number][]) =>
  new Map<string, RowItem>(sizes.map(([id, width, height]) => [id, { id, width, height }]));
const link = (source: string, target: string, extra: Partial<Link> = {}): Link => ({
  id: `${source}->${target}`,
  source,
  target,
  labelWidth: 40,
  latent: false,
  ...extra,
});

describe('splitRows', () => {
  it('splits a sequence into rows minimising the widest', () => {
    const widths: Record<string, number> = { a: 100, b: 100, c: 300, d: 100, e: 100 };
    expect(
      splitRows(
        ['a', 'b', 'c', 'd'],
        () => 100,
        () => 10,
        2,
      ),
    ).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(
      splitRows(
        ['a', 'b', 'c', 'd', 'e'],
        (id) => widths[id],
        () => 10,
        3,
      ),
    ).toEqual([['a', 'b'], ['c'], ['d', 'e']]);
    expect(
      splitRows(
        ['a', 'b'],
        () => 100,
        () => 10,
        1,
      ),
    ).toEqual([['a', 'b']]);
  });
});

describe('placeRows', () => {
  const boxes = items([
    ['a', 100, 60],
    ['b', 100, 80],
    ['c', 100, 60],
  ]);

  it('joins row neighbours with a straight edge whose label sits in the gap', () => {
    const a = placeRows(boxes, [['a', 'b', 'c']], [link('a', 'b')]);
    const r = a.routes.get('a->b')!;
    expect(r.points).toHaveLength(2);
    expect(r.points[0].y).toBe(r.points[1].y);
    expect(r.points[0].x).toBe(a.pos.get('a')!.x + 100);
    expect(r.points[1].x).toBe(a.pos.get('b')!.x);
    expect(a.pos.get('b')!.x - a.pos.get('a')!.x - 100).toBeGreaterThanOrEqual(40);
  });

  it('routes back edges and skips through the channels above and below the row, on separate tracks, without crossings', () => {
    const ids = ['c->a', 'back2', 'a->c'];
    const a = placeRows(boxes, [['a', 'b', 'c']], [link('c', 'a'), link('b', 'a', { id: 'back2' }), link('a', 'c')]);
    const top = a.pos.get('a')!.y;
    const tracks = ids.map((id) => a.routes.get(id)!.points[1].y);
    for (const y of tracks) expect(y < top || y > top + 80).toBe(true);
    expect(new Set(tracks).size).toBe(3);
    expect(edgeCrossings({ edges: ids.map((id) => ({ id, latent: false, points: a.routes.get(id)!.points })) as never })).toEqual([]);
    // Without the search, all three go below the row and two of them cross.
    const plain = placeRows(boxes, [['a', 'b', 'c']], [link('c', 'a'), link('b', 'a', { id: 'back2' }), link('a', 'c')], false);
    expect(
      edgeCrossings({ edges: ids.map((id) => ({ id, latent: false, points: plain.routes.get(id)!.points })) as never }).length,
    ).toBeGreaterThan(0);
  });

  it('goes down the right margin to reach a row two rows away', () => {
    const a = placeRows(boxes, [['a'], ['b'], ['c']], [link('c', 'a')]);
    const pts = a.routes.get('c->a')!.points;
    expect(pts).toHaveLength(6);
    expect(pts[2].x).toBeGreaterThan(100);
    expect(pts[5].y).toBe(a.pos.get('a')!.y + 60);
  });

  it('lets latent links share one track', () => {
    const a = placeRows(boxes, [['a', 'b', 'c']], [link('a', 'c', { latent: true }), link('b', 'c', { latent: true, id: 'l2' })]);
    expect(a.routes.get('a->c')!.points[1].y).toBe(a.routes.get('l2')!.points[1].y);
  });
});

describe('flowRows', () => {
  it('counts the rows flex-wrap makes', () => {
    expect(flowRows([50, 50, 50], 200)).toEqual({ rows: 1, natural: 158 });
    expect(flowRows([50, 50, 50], 120)).toEqual({ rows: 2, natural: 158 });
    expect(flowRows([], 100)).toEqual({ rows: 0, natural: 0 });
  });
});

describe('fitAvoiding', () => {
  const overlaps = (
    n: { x: number; y: number; width: number; height: number },
    v: { x: number; y: number; zoom: number },
    o: { x: number; y: number; width: number; height: number },
  ) => {
    const s = { x: n.x * v.zoom + v.x, y: n.y * v.zoom + v.y, width: n.width * v.zoom, height: n.height * v.zoom };
    return s.x < o.x + o.width && o.x < s.x + s.width && s.y < o.y + o.height && o.y < s.y + s.height;
  };

  it('fits the whole panel when no node is under an overlay', () => {
    const v = fitAvoiding(
      { width: 500, height: 500 },
      { x: 0, y: 0, width: 1000, height: 500 },
      [{ x: 0, y: 0, width: 100, height: 100 }],
      [{ x: 400, y: 0, width: 100, height: 60 }],
      0,
    );
    expect(v.zoom).toBeCloseTo(0.5);
    expect(v.y).toBeCloseTo(125);
  });

  it('shrinks the chart away from an overlay that would hide a node', () => {
    const node = { x: 400, y: 400, width: 100, height: 100 };
    const overlay = { x: 420, y: 420, width: 80, height: 80 };
    const v = fitAvoiding({ width: 500, height: 500 }, { x: 0, y: 0, width: 500, height: 500 }, [node], [overlay], 0, 2);
    expect(v.zoom).toBeLessThan(1);
    expect(v.zoom).toBeGreaterThan(0.8);
    expect(overlaps(node, v, overlay)).toBe(false);
  });
});
