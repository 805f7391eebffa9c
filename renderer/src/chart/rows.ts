/**
 * Arranges the top level of the chart (phases and gameover, in flow order) in rows that fit the
 * viewer, and routes the edges between them orthogonally: neighbours in a row are joined by a
 * straight edge with its label in the gap, everything else runs along tracks in the channels
 * between rows (and down the right margin when it spans several rows). Pure: sizes in, points out.
 */
import { polylineCrossings } from './crossings';
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
/** How many routings the crossing search may try per arrangement, at most… */
const SEARCH_BUDGET = 240;
/** …and fewer as the links grow: a routing's cost grows with their square (about 50 ms per search). */
const SEARCH_WORK = 12_000;

type Side = 'top' | 'bottom';
interface Plan {
  sSide: Side;
  tSide: Side;
  gaps: number[];
  /** The x of the margin lane a link spanning several rows runs along. */
  lane?: number;
}
interface Segment {
  link: string;
  gap: number;
  lo: number;
  hi: number;
  latent: boolean;
  /** Where verticals leave this segment upwards (to the row above the gap) and downwards. */
  up: number[];
  down: number[];
  track?: number;
}
/**
 * A routing choice the search may change: the order of the attachments along each node side
 * (by rank), and which same-row links go round above their row instead of below.
 */
interface Choice {
  rank: Map<string, number>;
  /** The node sides each link leaves and enters by (a link whose two sides face different channels takes a margin lane). */
  ends: Map<string, [Side, Side]>;
  /** Links whose lane runs down the left margin instead of the right. */
  left: Set<string>;
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

/**
 * Assigns tracks in one channel top to bottom so that no vertical crosses another segment: a
 * segment whose vertical rises into the upper row inside another's span must lie above it, one
 * whose vertical drops inside another's span below it (the vertical constraints of channel
 * routing). Where the constraints form a cycle one of them is broken (a crossing the search
 * then tries to remove by reordering attachments). Returns the number of tracks used.
 */
export function assignTracks(segments: Segment[]): number {
  const inside = (x: number, s: Segment) => x > s.lo + 0.5 && x < s.hi - 0.5;
  const above = new Map<Segment, Set<Segment>>(segments.map((s) => [s, new Set()]));
  for (const a of segments) {
    for (const b of segments) {
      if (a === b) continue;
      if (a.up.some((x) => inside(x, b))) above.get(b)!.add(a);
      if (a.down.some((x) => inside(x, b))) above.get(a)!.add(b);
    }
  }
  const left = new Set(segments);
  let track = 0;
  while (left.size) {
    const placed = new Set(segments.filter((s) => !left.has(s)));
    let ready = [...left].filter((s) => [...above.get(s)!].every((p) => placed.has(p)));
    if (!ready.length) {
      const unmet = (s: Segment) => [...above.get(s)!].filter((p) => !placed.has(p)).length;
      ready = [[...left].sort((a, b) => unmet(a) - unmet(b) || a.lo - b.lo)[0]];
    }
    let end = -Infinity;
    for (const s of ready.sort((a, b) => a.lo - b.lo || a.hi - b.hi)) {
      if (s.lo <= end + TRACK_SPACING) continue;
      s.track = track;
      end = s.hi;
      left.delete(s);
    }
    track++;
  }
  return track;
}

interface Routed {
  routes: Map<string, Route>;
  tracksIn: Map<number, number>;
  gapTop: number[];
  height: number;
  width: number;
  /** How far lanes on the left moved the rows right. */
  shift: number;
  /** Attachment keys along each node side, in order. */
  sides: string[][];
  /** Lexicographic: crossings between drawn edges, verticals through labels, tracks. */
  score: [number, number, number];
}

const better = (a: Routed['score'], b: Routed['score']) => (a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2]);

/**
 * Places `rows` (ids in order) and routes `links`. With `search`, tries other attachment orders,
 * sides and lanes (a bounded local search) until no two edges cross and no edge runs through a
 * label, or nothing improves.
 */
export function placeRows(items: Map<string, RowItem>, rows: string[][], links: Link[], search = true): Arrangement {
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
  const centre = (id: string) => pos.get(id)!.x + items.get(id)!.width / 2;
  const channel = links.filter((l) => !straightIds.has(l.id) && rowOf.has(l.source) && rowOf.has(l.target));

  // The channel (gap) each end of a link faces: a gap lies between row g-1 and row g.
  const gapOf = (id: string, side: Side) => rowOf.get(id)! + (side === 'top' ? 0 : 1);
  const isLaned = (l: Link, choice: Choice) => {
    const [s, t] = choice.ends.get(l.id)!;
    return gapOf(l.source, s) !== gapOf(l.target, t);
  };
  const baseX = new Map([...pos].map(([id, p]) => [id, p.x]));
  /** Links that change channel run down a margin, each in its own lane (latent ones share one, on the right); the rows move right to make room for lanes on the left. */
  function lanesFor(choice: Choice): { laneX: Map<string, number>; shift: number; right: number } {
    const laned = channel.filter((l) => isLaned(l, choice));
    const lefts = laned.filter((l) => choice.left.has(l.id));
    const shift = lefts.length ? lefts.length * LANE + LANE / 2 : 0;
    const laneX = new Map<string, number>();
    lefts.forEach((l, i) => laneX.set(l.id, X0 + shift - MARGIN - i * LANE));
    let lanes = 0;
    let latentX: number | undefined;
    const next = () => right + shift + MARGIN + 8 + lanes++ * LANE;
    for (const l of laned) if (!choice.left.has(l.id)) laneX.set(l.id, l.latent ? (latentX ??= next()) : next());
    return { laneX, shift, right: Math.max(right + shift + MARGIN, lanes ? right + shift + MARGIN + 8 + (lanes - 1) * LANE + MARGIN : 0) };
  }

  const planOf = (l: Link, choice: Choice, laneX: Map<string, number>): Plan => {
    const [sSide, tSide] = choice.ends.get(l.id)!;
    const gs = gapOf(l.source, sSide);
    const gt = gapOf(l.target, tSide);
    return gs === gt ? { sSide, tSide, gaps: [gs] } : { sSide, tSide, gaps: [gs, gt], lane: laneX.get(l.id) };
  };
  /** Below the row to the same row or the next; above it to the row before; the nearer channels across several rows. */
  const defaultEnds = (l: Link): [Side, Side] => {
    const rs = rowOf.get(l.source)!;
    const rt = rowOf.get(l.target)!;
    return rt >= rs ? (rt === rs ? ['bottom', 'bottom'] : ['bottom', 'top']) : ['top', 'bottom'];
  };

  const sideY = (id: string, side: Side) => pos.get(id)!.y + (side === 'top' ? 0 : items.get(id)!.height);

  function route(choice: Choice): Routed {
    const lanes = lanesFor(choice);
    for (const [id, x] of baseX) pos.get(id)!.x = x + lanes.shift;
    const plans = new Map(channel.map((l) => [l.id, planOf(l, choice, lanes.laneX)]));
    // Attachment points along each node side, in rank order.
    const sides = new Map<string, string[]>();
    for (const l of channel) {
      const p = plans.get(l.id)!;
      for (const [node, side, key] of [
        [l.source, p.sSide, `${l.id}|source`],
        [l.target, p.tSide, `${l.id}|target`],
      ] as const) {
        const k = `${node}|${side}`;
        sides.set(k, [...(sides.get(k) ?? []), key]);
      }
    }
    const attachX = new Map<string, number>();
    for (const [k, list] of sides) {
      const id = k.slice(0, k.lastIndexOf('|'));
      const { x } = pos.get(id)!;
      const usable = Math.max(0, items.get(id)!.width - 2 * CORNER);
      // Lanes leave a side at its end nearest their margin.
      const key = (k: string) => {
        const link = k.slice(0, k.lastIndexOf('|'));
        const margin = lanes.laneX.has(link) ? (choice.left.has(link) ? -1e9 : 1e9) : 0;
        return margin + choice.rank.get(k)!;
      };
      list.sort((a, b) => key(a) - key(b));
      list.forEach((key, i) => attachX.set(key, x + CORNER + (usable * (i + 0.5)) / list.length));
    }

    // A gap lies between row g-1 (above) and row g (below): a bottom side faces the gap below it.
    const segments: Segment[] = [];
    const labelAt = new Map<string, number>();
    const bySide = (side: Side, x: number) => (side === 'bottom' ? { up: [x], down: [] } : { up: [], down: [x] });
    for (const l of channel) {
      const p = plans.get(l.id)!;
      const xs = attachX.get(`${l.id}|source`)!;
      const xt = attachX.get(`${l.id}|target`)!;
      const s = bySide(p.sSide, xs);
      const t = bySide(p.tSide, xt);
      const parts: { a: number; b: number; up: number[]; down: number[] }[] = [];
      if (p.lane === undefined) parts.push({ a: xs, b: xt, up: [...s.up, ...t.up], down: [...s.down, ...t.down] });
      else {
        const lx = p.lane;
        const downward = p.gaps[1] > p.gaps[0];
        parts.push({ a: xs, b: lx, up: downward ? s.up : [...s.up, lx], down: downward ? [...s.down, lx] : s.down });
        parts.push({ a: lx, b: xt, up: downward ? [...t.up, lx] : t.up, down: downward ? t.down : [...t.down, lx] });
      }
      parts.forEach(({ a, b, up, down }, i) => {
        let lo = Math.min(a, b);
        let hi = Math.max(a, b);
        if (i === 0 && l.labelWidth > 0) {
          const mid = (a + b) / 2;
          labelAt.set(l.id, mid);
          lo = Math.min(lo, mid - l.labelWidth / 2);
          hi = Math.max(hi, mid + l.labelWidth / 2);
        }
        segments.push({ link: l.id, gap: p.gaps[i], lo, hi, latent: l.latent, up, down });
      });
    }
    const tracksIn = new Map<number, number>();
    for (let g = 0; g <= rows.length; g++) {
      const drawn = segments.filter((s) => s.gap === g && !s.latent);
      const used = assignTracks(drawn);
      const latent = segments.filter((s) => s.gap === g && s.latent);
      latent.forEach((s) => (s.track = used));
      tracksIn.set(g, used + (latent.length ? 1 : 0));
    }

    // Vertical placement: gap heights follow their track counts.
    const gapHeight = (g: number) => {
      const n = tracksIn.get(g) ?? 0;
      if (g === 0 || g === rows.length) return n ? 2 * GAP_PAD + n * TRACK : MARGIN;
      return Math.max(MIN_ROW_GAP, 2 * GAP_PAD + n * TRACK);
    };
    const gapTop: number[] = [0];
    let y = gapHeight(0);
    rows.forEach((row, r) => {
      for (const id of row) pos.get(id)!.y = y;
      y += rowHeight[r];
      gapTop.push(y);
      y += gapHeight(r + 1);
    });
    const trackY = (g: number, t: number) => gapTop[g] + GAP_PAD + t * TRACK + TRACK / 2;

    const routes = new Map<string, Route>();
    for (const [from, l] of straight) {
      const a = pos.get(from)!;
      const b = pos.get(l.target)!;
      const yy = a.y + EDGE_Y;
      const x1 = a.x + items.get(from)!.width;
      routes.set(l.id, {
        points: [
          { x: x1, y: yy },
          { x: b.x, y: yy },
        ],
        label: { x: (x1 + b.x) / 2, y: yy },
      });
    }
    for (const l of channel) {
      const p = plans.get(l.id)!;
      const segs = segments.filter((s) => s.link === l.id);
      const xs = attachX.get(`${l.id}|source`)!;
      const xt = attachX.get(`${l.id}|target`)!;
      const y1 = trackY(p.gaps[0], segs[0].track!);
      const points: Point[] = [
        { x: xs, y: sideY(l.source, p.sSide) },
        { x: xs, y: y1 },
      ];
      if (p.lane !== undefined) {
        const y2 = trackY(p.gaps[1], segs[1].track!);
        points.push({ x: p.lane, y: y1 }, { x: p.lane, y: y2 }, { x: xt, y: y2 });
      } else points.push({ x: xt, y: y1 });
      points.push({ x: xt, y: sideY(l.target, p.tSide) });
      const mid = labelAt.get(l.id);
      routes.set(l.id, { points, label: mid === undefined ? null : { x: mid, y: y1 } });
    }

    const drawn = links.filter((l) => !l.latent && routes.has(l.id));
    let crossings = 0;
    let labelHits = 0;
    for (let i = 0; i < drawn.length; i++) {
      const a = routes.get(drawn[i].id)!;
      for (let j = i + 1; j < drawn.length; j++) crossings += polylineCrossings(a.points, routes.get(drawn[j].id)!.points);
      if (!a.label || !drawn[i].labelWidth) continue;
      const box = {
        lo: a.label.x - drawn[i].labelWidth / 2,
        hi: a.label.x + drawn[i].labelWidth / 2,
        top: a.label.y - TRACK / 2,
        bottom: a.label.y + TRACK / 2,
      };
      for (const other of drawn) {
        if (other === drawn[i]) continue;
        const pts = routes.get(other.id)!.points;
        for (let k = 1; k < pts.length; k++) {
          const [p, q] = [pts[k - 1], pts[k]];
          if (p.x === q.x && p.x > box.lo && p.x < box.hi && Math.min(p.y, q.y) < box.top && Math.max(p.y, q.y) > box.bottom) labelHits++;
        }
      }
    }
    const tracks = [...tracksIn.values()].reduce((s, n) => s + n, 0);
    return {
      routes,
      tracksIn,
      gapTop,
      height: y,
      width: lanes.right,
      shift: lanes.shift,
      sides: [...sides.values()],
      score: [crossings, labelHits, tracks],
    };
  }

  // Start from attachments ordered toward where their link goes, then improve by local moves.
  const rank = new Map<string, number>();
  for (const l of channel) {
    rank.set(`${l.id}|source`, centre(l.target) - 0.001);
    rank.set(`${l.id}|target`, centre(l.source));
  }
  let choice: Choice = { rank, ends: new Map(channel.map((l) => [l.id, defaultEnds(l)])), left: new Set() };
  let best = route(choice);
  // First-improvement hill climbing: take the first move that routes better, then look around it.
  // Each routing costs about (links)², so bigger charts get fewer tries (and stay fast).
  let budget = search ? Math.min(SEARCH_BUDGET, Math.max(12, Math.floor(SEARCH_WORK / Math.max(1, links.length) ** 2))) : 0;
  const flip = (side: Side): Side => (side === 'top' ? 'bottom' : 'top');
  function* movesFrom(choice: Choice, sides: string[][]): Generator<Choice> {
    for (const side of sides) {
      for (let i = 0; i + 1 < side.length; i++) {
        const r = new Map(choice.rank);
        r.set(side[i], choice.rank.get(side[i + 1])!);
        r.set(side[i + 1], choice.rank.get(side[i])!);
        yield { ...choice, rank: r };
      }
    }
    for (const l of channel) {
      if (l.latent) continue;
      const [s0, t0] = choice.ends.get(l.id)!;
      for (const e of [
        [flip(s0), t0],
        [s0, flip(t0)],
        [flip(s0), flip(t0)],
      ] as [Side, Side][])
        yield { ...choice, ends: new Map(choice.ends).set(l.id, e) };
      if (!isLaned(l, choice)) continue;
      const left = new Set(choice.left);
      if (left.has(l.id)) left.delete(l.id);
      else left.add(l.id);
      yield { ...choice, left };
    }
  }
  search: while (budget > 0 && (best.score[0] || best.score[1])) {
    for (const m of movesFrom(choice, best.sides)) {
      if (budget-- <= 0) break search;
      const r = route(m);
      if (better(r.score, best.score)) {
        best = r;
        choice = m;
        continue search;
      }
    }
    break;
  }
  // The positions' y are those of the last routing tried: lay out the chosen one again.
  best = route(choice);

  const first = rows[0]?.[0];
  const fy = (first ? pos.get(first)!.y : MARGIN) + EDGE_Y;
  const start = {
    pos: { x: X0 + best.shift - 26 - START / 2, y: fy - START / 2 },
    route: {
      points: [
        { x: X0 + best.shift - 26 + START / 2, y: fy },
        { x: X0 + best.shift, y: fy },
      ],
      label: null,
    },
  };
  return { pos, routes: best.routes, start, width: best.width, height: best.height, rows: rows.length };
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
export function arrangeRows(
  seq: string[],
  items: Map<string, RowItem>,
  links: Link[],
  viewport: { width: number; height: number },
  search = true,
): Arrangement {
  const single = straightLinks([seq], links);
  const gapAfter = (i: number) => gapFor(single.get(seq[i]));
  let best: { rows: string[][]; score: number } | null = null;
  for (let count = 1; count <= Math.min(seq.length, 6); count++) {
    const rows = splitRows(seq, (id) => items.get(id)!.width, gapAfter, count);
    // Sizes barely depend on the crossing search: search only the arrangement kept.
    const a = placeRows(items, rows, links, false);
    const score = shownZoom(a, viewport);
    if (!best || score > best.score * 1.04) best = { rows, score };
  }
  return placeRows(items, best!.rows, links, search);
}

/** How big an arrangement shows in `viewport` (its zoom when fitted, at most 1.2). */
export const shownZoom = (a: { width: number; height: number }, viewport: { width: number; height: number }) =>
  Math.min(viewport.width / a.width, viewport.height / a.height, 1.2);
