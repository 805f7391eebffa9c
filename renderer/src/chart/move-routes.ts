/**
 * Routes a step's player moves inside their phase's turn like the chart's other edges: orthogonal
 * paths (a shortest path on a 4 px grid, with a cost per bend) that keep off every title and move
 * chip, and off every stage but the two they join. Players moving together between the same two
 * places share one route, drawn as parallel lines. Pure.
 */
import { laneHeight, LANE_LABEL, PHASE_PAD, STAGE_PAD, TOKEN, TURN_PAD } from './geometry';
import type { ChartLayout, LaidNode, Point } from './layout-types';
import type { TokenMoveData } from './token-moves';

const CELL = 4;
const BEND = 6;
const CLEARANCE = 3;
const SPREAD = 4;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RoutedMove extends TokenMoveData {
  /** The line, from the rim of the token's old place to the rim of its new one. */
  points: Point[];
}

const grow = (b: Box, by: number): Box => ({ x: b.x - by, y: b.y - by, width: b.width + 2 * by, height: b.height + 2 * by });
const slotPhase = (slot: string) => slot.slice(0, slot.indexOf('/'));
const slotStage = (slot: string) => {
  const rest = slot.slice(slot.indexOf('/') + 1);
  return rest.startsWith('stage:') ? rest.slice(6) : null;
};

/** The text of a node (its header) and, for stages other than `keep`, the whole stage: where no move may run. */
function obstacles(nodes: LaidNode[], phase: string, keep: Set<string>): Box[] {
  const out: Box[] = [];
  for (const n of nodes) {
    if (n.type === 'phase' && n.phase.key === phase)
      out.push({ x: n.abs.x + PHASE_PAD, y: n.abs.y + 8, width: n.box.block.width, height: n.box.block.height });
    if (n.type === 'turn' && n.phase.key === phase) {
      out.push({ x: n.abs.x + TURN_PAD, y: n.abs.y + 6, width: n.box.block.width, height: n.box.block.height });
      for (const lane of [n.box.lanes.active, n.box.lanes.waiting])
        out.push({ x: n.abs.x + TURN_PAD, y: n.abs.y + lane.y - 3, width: LANE_LABEL - 4, height: laneHeight(lane) });
    }
    if (n.type === 'stage' && n.phase.key === phase) {
      if (keep.has(n.stage.name))
        out.push({ x: n.abs.x + STAGE_PAD, y: n.abs.y + STAGE_PAD, width: n.box.block.width, height: n.box.block.height });
      else out.push({ x: n.abs.x, y: n.abs.y, width: n.width, height: n.height });
    }
  }
  return out.map((b) => grow(b, CLEARANCE));
}

/** The cheapest orthogonal path from `a` to `b` inside `area` around `blocked` (corners only), or null. */
export function gridRoute(area: Box, blocked: Box[], a: Point, b: Point): Point[] | null {
  const cols = Math.max(1, Math.ceil(area.width / CELL));
  const rows = Math.max(1, Math.ceil(area.height / CELL));
  const cellOf = (p: Point) => ({
    c: Math.min(cols - 1, Math.max(0, Math.floor((p.x - area.x) / CELL))),
    r: Math.min(rows - 1, Math.max(0, Math.floor((p.y - area.y) / CELL))),
  });
  const centre = (c: number, r: number) => ({ x: area.x + (c + 0.5) * CELL, y: area.y + (r + 0.5) * CELL });
  // A cell is blocked when its centre lies in an obstacle.
  const wall = new Uint8Array(cols * rows);
  for (const o of blocked) {
    const c0 = Math.max(0, Math.ceil((o.x - area.x) / CELL - 0.5));
    const c1 = Math.min(cols - 1, Math.floor((o.x + o.width - area.x) / CELL - 0.5));
    const r0 = Math.max(0, Math.ceil((o.y - area.y) / CELL - 0.5));
    const r1 = Math.min(rows - 1, Math.floor((o.y + o.height - area.y) / CELL - 0.5));
    for (let r = r0; r <= r1; r++) wall.fill(1, r * cols + c0, r * cols + c1 + 1);
  }
  const s = cellOf(a);
  const t = cellOf(b);
  wall[s.r * cols + s.c] = 0;
  wall[t.r * cols + t.c] = 0;
  const DIRS = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ];
  // States: cell × the direction it was entered by (4 = the start).
  const cost = new Float64Array(cols * rows * 5).fill(Infinity);
  const from = new Int32Array(cols * rows * 5).fill(-1);
  const h = (c: number, r: number) => Math.abs(c - t.c) + Math.abs(r - t.r);
  // A binary heap of states by estimated cost, in two parallel arrays (no allocation per push).
  const keys: number[] = [];
  const vals: number[] = [];
  const swap = (i: number, j: number) => {
    [keys[i], keys[j]] = [keys[j], keys[i]];
    [vals[i], vals[j]] = [vals[j], vals[i]];
  };
  const push = (state: number, f: number) => {
    keys.push(f);
    vals.push(state);
    for (let i = keys.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (keys[p] <= keys[i]) break;
      swap(p, i);
      i = p;
    }
  };
  const pop = () => {
    const top = vals[0];
    const lastKey = keys.pop()!;
    const lastVal = vals.pop()!;
    if (keys.length) {
      keys[0] = lastKey;
      vals[0] = lastVal;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < keys.length && keys[l] < keys[m]) m = l;
        if (r < keys.length && keys[r] < keys[m]) m = r;
        if (m === i) break;
        swap(m, i);
        i = m;
      }
    }
    return top;
  };
  const open = keys;
  const start = (s.r * cols + s.c) * 5 + 4;
  cost[start] = 0;
  push(start, h(s.c, s.r));
  let end = -1;
  while (open.length) {
    const state = pop();
    const cell = Math.floor(state / 5);
    const dir = state % 5;
    const [c, r] = [cell % cols, Math.floor(cell / cols)];
    if (c === t.c && r === t.r) {
      end = state;
      break;
    }
    for (let d = 0; d < 4; d++) {
      const [nc, nr] = [c + DIRS[d][0], r + DIRS[d][1]];
      if (nc < 0 || nr < 0 || nc >= cols || nr >= rows || wall[nr * cols + nc]) continue;
      const next = (nr * cols + nc) * 5 + d;
      const g = cost[state] + 1 + (dir !== 4 && dir !== d ? BEND : 0);
      if (g < cost[next]) {
        cost[next] = g;
        from[next] = state;
        push(next, g + h(nc, nr));
      }
    }
  }
  if (end < 0) return null;
  const cells: Point[] = [];
  for (let st = end; st >= 0; st = from[st]) {
    const cell = Math.floor(st / 5);
    cells.unshift(centre(cell % cols, Math.floor(cell / cols)));
  }
  return corners(cells, a, b);
}

/** The path's corners, from exactly `a` to exactly `b`, still orthogonal. */
function corners(cells: Point[], a: Point, b: Point): Point[] {
  const pts: Point[] = [cells[0]];
  for (let i = 1; i < cells.length - 1; i++) {
    const [p, q, r] = [cells[i - 1], cells[i], cells[i + 1]];
    if ((p.x === q.x && q.x === r.x) || (p.y === q.y && q.y === r.y)) continue;
    pts.push(q);
  }
  if (cells.length > 1) pts.push(cells[cells.length - 1]);
  if (pts.length < 3) {
    // Straight: a dog-leg through its middle carries the ends' small offsets.
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    return Math.abs(a.x - b.x) >= Math.abs(a.y - b.y)
      ? [a, { x: mid.x, y: a.y }, { x: mid.x, y: b.y }, b]
      : [a, { x: a.x, y: mid.y }, { x: b.x, y: mid.y }, b];
  }
  const snap = (end: Point, next: Point, i: number) => {
    const horizontal = Math.abs(pts[i].y - next.y) < 0.01;
    pts[i] = end;
    if (horizontal) pts[i === 0 ? 1 : pts.length - 2] = { ...next, y: end.y };
    else pts[i === 0 ? 1 : pts.length - 2] = { ...next, x: end.x };
  };
  snap(a, pts[1], 0);
  snap(b, pts[pts.length - 2], pts.length - 1);
  return pts.filter((p, i) => i === 0 || Math.hypot(p.x - pts[i - 1].x, p.y - pts[i - 1].y) > 0.01);
}

/** The polyline moved sideways by `by` (parallel lines of a bundle). */
export function offsetPolyline(points: Point[], by: number): Point[] {
  if (!by) return points;
  const normal = (p: Point, q: Point) => {
    const l = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    return { x: -(q.y - p.y) / l, y: (q.x - p.x) / l };
  };
  return points.map((p, i) => {
    const nIn = i > 0 ? normal(points[i - 1], p) : null;
    const nOut = i < points.length - 1 ? normal(p, points[i + 1]) : null;
    const n =
      nIn && nOut ? (Math.abs(nIn.x * nOut.x + nIn.y * nOut.y) > 0.99 ? nIn : { x: nIn.x + nOut.x, y: nIn.y + nOut.y }) : (nIn ?? nOut)!;
    return { x: p.x + n.x * by, y: p.y + n.y * by };
  });
}

/** Cuts `by` off the start (or the end) of a polyline, so it meets a token's rim, not its centre. */
function trim(points: Point[], by: number, atEnd: boolean): Point[] {
  const pts = atEnd ? [...points].reverse() : [...points];
  const [p, q] = [pts[0], pts[1]];
  const l = Math.hypot(q.x - p.x, q.y - p.y);
  if (l > by + 2) pts[0] = { x: p.x + ((q.x - p.x) / l) * by, y: p.y + ((q.y - p.y) / l) * by };
  return atEnd ? pts.reverse() : pts;
}

/** Routes already found, per layout: a game's moves go between the same places again and again. */
const routeCache = new WeakMap<ChartLayout, Map<string, Point[] | null>>();

/**
 * The routes of a step's moves inside one phase (a move to another phase or to game over is
 * shown by the phase edge the step took, and gets no line of its own).
 */
export function routeMoves(layout: ChartLayout, moves: TokenMoveData[]): RoutedMove[] {
  const groups = new Map<string, TokenMoveData[]>();
  for (const m of moves) {
    if (slotPhase(m.from.slot) !== slotPhase(m.to.slot)) continue;
    const key = `${m.from.slot}\u0000${m.to.slot}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const routed: RoutedMove[] = [];
  let cache = routeCache.get(layout);
  if (!cache) routeCache.set(layout, (cache = new Map()));
  for (const group of groups.values()) {
    const [first] = group;
    const phase = slotPhase(first.from.slot);
    const turn = layout.nodes.find((n) => n.type === 'turn' && n.phase.key === phase);
    if (!turn) continue;
    const keep = new Set([slotStage(first.from.slot), slotStage(first.to.slot)].filter((s): s is string => s !== null));
    const area = { x: turn.abs.x + 1, y: turn.abs.y + 1, width: turn.width - 2, height: turn.height - 2 };
    const key = `${first.from.slot}|${first.from.x},${first.from.y}|${first.to.slot}|${first.to.x},${first.to.y}`;
    if (!cache.has(key)) cache.set(key, gridRoute(area, obstacles(layout.nodes, phase, keep), first.from, first.to));
    const line = cache.get(key)!;
    if (!line) continue;
    group.forEach((m, i) => {
      const points = offsetPolyline(line, (i - (group.length - 1) / 2) * SPREAD);
      routed.push({ ...m, points: trim(trim(points, TOKEN / 2 + 1, false), TOKEN / 2 + 1, true) });
    });
  }
  return routed;
}
