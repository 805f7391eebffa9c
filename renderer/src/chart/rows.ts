/**
 * Arranges the top level of the chart (phases and gameover, in flow order) in rows that fit the
 * viewer, and routes the edges between them orthogonally: neighbours in a row are joined by a
 * straight edge with its label in the gap, everything else runs along tracks in the channels
 * between rows (and down the right margin when it spans several rows). Pure: sizes in, points out.
 */
import type { Point } from './layout-types';

export interface RowItem {
  id: string;
  width: number;
  height: number;
}

export interface Link {
  id: string;
  source: string;
  target: string;
  labelWidth: number;
  /** Drawn only while taken: shares one track per channel with the other latent links. */
  latent: boolean;
}

export interface Route {
  points: Point[];
  label: Point | null;
}

export interface Arrangement {
  pos: Map<string, Point>;
  routes: Map<string, Route>;
  /** The start marker's top-left and its edge. */
  start: { pos: Point; route: Route };
  width: number;
  height: number;
  rows: number;
}

export const START = 16;
export const EDGE_Y = 17;
const X0 = 40;
const MARGIN = 14;
const MIN_GAP = 30;
const LABEL_PAD = 10;
const TRACK = 22;
const GAP_PAD = 14;
const MIN_ROW_GAP = 40;
const LANE = 12;
const CORNER = 16;
const TRACK_SPACING = 8;

type Side = 'top' | 'bottom';
interface Attach {
  link: string;
  end: 'source' | 'target';
  toward: number;
  x?: number;
}
interface Segment {
  link: string;
  gap: number;
  lo: number;
  hi: number;
  latent: boolean;
  track?: number;
}

/** The straight link from each item to its right neighbour, if any. */
function straightLinks(rows: string[][], links: Link[]): Map<string, Link> {
  const straight = new Map<string, Link>();
  for (const row of rows) {
    for (let i = 0; i + 1 < row.length; i++) {
      const l = links.find((x) => !x.latent && x.source === row[i] && x.target === row[i + 1]);
      if (l) straight.set(row[i], l);
    }
  }
  return straight;
}

const gapFor = (l: Link | undefined) => (l ? Math.max(MIN_GAP + 10, l.labelWidth + 2 * LABEL_PAD) : MIN_GAP);

/** Places `rows` (ids in order) and routes `links`. */
export function placeRows(items: Map<string, RowItem>, rows: string[][], links: Link[]): Arrangement {
  const pos = new Map<string, Point>();
  const rowOf = new Map<string, number>();
  const straight = straightLinks(rows, links);
  const straightIds = new Set([...straight.values()].map((l) => l.id));
  let right = 0;
  rows.forEach((row, r) => {
    let x = X0;
    for (const id of row) {
      rowOf.set(id, r);
      pos.set(id, { x, y: 0 });
      x += items.get(id)!.width + gapFor(straight.get(id));
    }
    right = Math.max(right, x - gapFor(straight.get(row[row.length - 1])));
  });
  const rowHeight = rows.map((row) => Math.max(...row.map((id) => items.get(id)!.height)));

  // Channel links: which gaps they use and where they attach.
  const attach = new Map<string, Attach[]>();
  const addAttach = (node: string, side: Side, a: Attach) => {
    const key = `${node}|${side}`;
    attach.set(key, [...(attach.get(key) ?? []), a]);
  };
  const centre = (id: string) => pos.get(id)!.x + items.get(id)!.width / 2;
  const channel = links.filter((l) => !straightIds.has(l.id) && rowOf.has(l.source) && rowOf.has(l.target));
  const plan = new Map<string, { sSide: Side; tSide: Side; gaps: number[]; lane?: number }>();
  let lanes = 0;
  let latentLane: number | undefined;
  for (const l of channel) {
    const rs = rowOf.get(l.source)!;
    const rt = rowOf.get(l.target)!;
    let p: { sSide: Side; tSide: Side; gaps: number[]; lane?: number };
    if (rt === rs) p = { sSide: 'bottom', tSide: 'bottom', gaps: [rs + 1] };
    else if (rt === rs + 1) p = { sSide: 'bottom', tSide: 'top', gaps: [rs + 1] };
    else if (rt === rs - 1) p = { sSide: 'top', tSide: 'bottom', gaps: [rs] };
    else {
      const lane = l.latent ? (latentLane ??= lanes++) : lanes++;
      p = rt > rs ? { sSide: 'bottom', tSide: 'top', gaps: [rs + 1, rt], lane } : { sSide: 'top', tSide: 'bottom', gaps: [rs, rt + 1], lane };
    }
    plan.set(l.id, p);
  }
  const laneX = (lane: number) => right + MARGIN + 8 + lane * LANE;
  for (const l of channel) {
    const p = plan.get(l.id)!;
    const far = p.lane !== undefined ? laneX(p.lane) : undefined;
    addAttach(l.source, p.sSide, { link: l.id, end: 'source', toward: far ?? centre(l.target) });
    addAttach(l.target, p.tSide, { link: l.id, end: 'target', toward: far ?? centre(l.source) });
  }
  const attachX = new Map<string, number>();
  for (const [key, list] of attach) {
    const id = key.split('|')[0];
    const { x } = pos.get(id)!;
    const w = items.get(id)!.width;
    const usable = Math.max(0, w - 2 * CORNER);
    list.sort((a, b) => a.toward - b.toward || (a.end === 'source' ? -1 : 1));
    list.forEach((a, i) => attachX.set(`${a.link}|${a.end}`, x + CORNER + (usable * (i + 0.5)) / list.length));
  }

  // Horizontal segments per gap, then tracks (greedy interval colouring; latent links share one).
  const segments: Segment[] = [];
  const labelAt = new Map<string, number>();
  for (const l of channel) {
    const p = plan.get(l.id)!;
    const xs = attachX.get(`${l.id}|source`)!;
    const xt = attachX.get(`${l.id}|target`)!;
    const ends = p.lane !== undefined ? [[xs, laneX(p.lane)], [laneX(p.lane), xt]] : [[xs, xt]];
    ends.forEach(([a, b], i) => {
      let lo = Math.min(a, b);
      let hi = Math.max(a, b);
      if (i === 0 && l.labelWidth > 0) {
        const mid = (a + b) / 2;
        labelAt.set(l.id, mid);
        lo = Math.min(lo, mid - l.labelWidth / 2);
        hi = Math.max(hi, mid + l.labelWidth / 2);
      }
      segments.push({ link: l.id, gap: p.gaps[i], lo, hi, latent: l.latent });
    });
  }
  const tracksIn = new Map<number, number>();
  for (let g = 0; g <= rows.length; g++) {
    const inGap = segments.filter((s) => s.gap === g && !s.latent).sort((a, b) => a.lo - b.lo || a.hi - b.hi);
    const ends: number[] = [];
    for (const s of inGap) {
      let t = ends.findIndex((end) => end + TRACK_SPACING < s.lo);
      if (t < 0) t = ends.push(s.hi) - 1;
      else ends[t] = s.hi;
      s.track = t;
    }
    const latent = segments.filter((s) => s.gap === g && s.latent);
    latent.forEach((s) => (s.track = ends.length));
    tracksIn.set(g, ends.length + (latent.length ? 1 : 0));
  }

  // Vertical placement: gap heights follow their track counts.
  const gapHeight = (g: number) => {
    const n = tracksIn.get(g) ?? 0;
    if (g === 0 || g === rows.length) return n ? 2 * GAP_PAD + n * TRACK : MARGIN;
    return Math.max(MIN_ROW_GAP, 2 * GAP_PAD + n * TRACK);
  };
  const rowY: number[] = [];
  const gapTop: number[] = [0];
  let y = gapHeight(0);
  rows.forEach((row, r) => {
    rowY.push(y);
    for (const id of row) pos.get(id)!.y = y;
    y += rowHeight[r];
    gapTop.push(y);
    y += gapHeight(r + 1);
  });
  const height = y;
  const trackY = (g: number, t: number) => gapTop[g] + GAP_PAD + t * TRACK + TRACK / 2;

  const routes = new Map<string, Route>();
  for (const [from, l] of straight) {
    const a = pos.get(from)!;
    const b = pos.get(l.target)!;
    const yy = a.y + EDGE_Y;
    const x1 = a.x + items.get(from)!.width;
    routes.set(l.id, { points: [{ x: x1, y: yy }, { x: b.x, y: yy }], label: { x: (x1 + b.x) / 2, y: yy } });
  }
  const sideY = (id: string, side: Side) => pos.get(id)!.y + (side === 'top' ? 0 : items.get(id)!.height);
  for (const l of channel) {
    const p = plan.get(l.id)!;
    const segs = segments.filter((s) => s.link === l.id);
    const xs = attachX.get(`${l.id}|source`)!;
    const xt = attachX.get(`${l.id}|target`)!;
    const y1 = trackY(p.gaps[0], segs[0].track!);
    const points: Point[] = [{ x: xs, y: sideY(l.source, p.sSide) }, { x: xs, y: y1 }];
    if (p.lane !== undefined) {
      const y2 = trackY(p.gaps[1], segs[1].track!);
      points.push({ x: laneX(p.lane), y: y1 }, { x: laneX(p.lane), y: y2 }, { x: xt, y: y2 });
    } else points.push({ x: xt, y: y1 });
    points.push({ x: xt, y: sideY(l.target, p.tSide) });
    const mid = labelAt.get(l.id);
    routes.set(l.id, { points, label: mid === undefined ? null : { x: mid, y: y1 } });
  }

  const first = rows[0]?.[0];
  const fy = (first ? pos.get(first)!.y : MARGIN) + EDGE_Y;
  const start = {
    pos: { x: X0 - 26 - START / 2, y: fy - START / 2 },
    route: { points: [{ x: X0 - 26 + START / 2, y: fy }, { x: X0, y: fy }], label: null },
  };
  const width = Math.max(right + MARGIN, lanes ? laneX(lanes - 1) + MARGIN : 0);
  return { pos, routes, start, width, height, rows: rows.length };
}

/** Splits `seq` into `count` consecutive rows minimising the widest row. */
export function splitRows(seq: string[], width: (id: string) => number, gapAfter: (i: number) => number, count: number): string[][] {
  const n = seq.length;
  const prefix = [0];
  for (let i = 0; i < n; i++) prefix.push(prefix[i] + width(seq[i]) + (i + 1 < n ? gapAfter(i) : 0));
  const cost = (i: number, j: number) => prefix[j + 1] - prefix[i] - (j + 1 < n ? gapAfter(j) : 0);
  const best: number[][] = Array.from({ length: count + 1 }, () => Array(n).fill(Infinity));
  const cut: number[][] = Array.from({ length: count + 1 }, () => Array(n).fill(0));
  for (let j = 0; j < n; j++) best[1][j] = cost(0, j);
  for (let r = 2; r <= count; r++) {
    for (let j = r - 1; j < n; j++) {
      for (let i = r - 1; i <= j; i++) {
        const v = Math.max(best[r - 1][i - 1], cost(i, j));
        if (v < best[r][j]) {
          best[r][j] = v;
          cut[r][j] = i;
        }
      }
    }
  }
  const rows: string[][] = [];
  let j = n - 1;
  for (let r = count; r >= 1; r--) {
    const i = r === 1 ? 0 : cut[r][j];
    rows.unshift(seq.slice(i, j + 1));
    j = i - 1;
  }
  return rows;
}

/** Tries 1..n rows and keeps the arrangement that shows biggest in `viewport` (fewer rows on ties). */
export function arrangeRows(seq: string[], items: Map<string, RowItem>, links: Link[], viewport: { width: number; height: number }): Arrangement {
  const single = straightLinks([seq], links);
  const gapAfter = (i: number) => gapFor(single.get(seq[i]));
  let best: { a: Arrangement; score: number } | null = null;
  for (let count = 1; count <= Math.min(seq.length, 6); count++) {
    const rows = splitRows(seq, (id) => items.get(id)!.width, gapAfter, count);
    const a = placeRows(items, rows, links);
    const score = Math.min(viewport.width / a.width, viewport.height / a.height, 1.2);
    if (!best || score > best.score * 1.04) best = { a, score };
  }
  return best!.a;
}
