/**
 * Edge crossings of a laid-out chart: pairs of routed edges whose polylines cross. Two edges that
 * only touch (at a shared node, or running along each other) do not count; a user sees a crossing
 * only where one line passes through another.
 */
import type { ChartLayout, LaidEdge, Point } from './layout-types';

const EPS = 0.5;

/** Whether segments a1-a2 and b1-b2 cross at a point strictly inside both. */
export function segmentsCross(a1: Point, a2: Point, b1: Point, b2: Point): boolean {
  const d = (p: Point, q: Point, r: Point) => (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  const d1 = d(b1, b2, a1);
  const d2 = d(b1, b2, a2);
  const d3 = d(a1, a2, b1);
  const d4 = d(a1, a2, b2);
  const lenA = Math.hypot(a2.x - a1.x, a2.y - a1.y) || 1;
  const lenB = Math.hypot(b2.x - b1.x, b2.y - b1.y) || 1;
  // Signed distances of each end from the other segment's line, beyond a half-pixel.
  const side = (v: number, len: number) => (v / len > EPS ? 1 : v / len < -EPS ? -1 : 0);
  const s1 = side(d1, lenB);
  const s2 = side(d2, lenB);
  const s3 = side(d3, lenA);
  const s4 = side(d4, lenA);
  return s1 * s2 < 0 && s3 * s4 < 0;
}

/** How many times two polylines cross. */
export function polylineCrossings(a: Point[], b: Point[]): number {
  let n = 0;
  for (let i = 1; i < a.length; i++) for (let j = 1; j < b.length; j++) if (segmentsCross(a[i - 1], a[i], b[j - 1], b[j])) n++;
  return n;
}

export interface Crossing {
  a: string;
  b: string;
  count: number;
}

/** Every pair of drawn edges that cross (latent edges are hidden until taken, so they are left out unless asked). */
export function edgeCrossings(layout: Pick<ChartLayout, 'edges'>, options: { latent?: boolean } = {}): Crossing[] {
  const edges = layout.edges.filter((e: LaidEdge) => options.latent || !e.latent);
  const out: Crossing[] = [];
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      const count = polylineCrossings(edges[i].points, edges[j].points);
      if (count) out.push({ a: edges[i].id, b: edges[j].id, count });
    }
  }
  return out;
}
