/**
 * Turns ELK's result (each phase with its turn and stages placed) into the chart layout: the
 * phases and gameover arranged in rows for the viewer (rows.ts), nested nodes, and every edge
 * route in chart coordinates.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartEdge, ChartModel } from '../../../engine/host/protocol';
import { edgeText, GAMEOVER_ID, isPhaseEdge, labelWidth, phaseId, START_ID, turnId, type ElkChart } from './elk-graph';
import { collapsedPhaseBox, gameoverBox, PHASE_PAD, TURN_PAD } from './geometry';
import type { ChartLayout, LabelChip, LaidEdge, LaidNode, Point } from './layout-types';
import type { Measure } from './measure';
import { arrangeRows, shownZoom, START, type Link, type RowItem } from './rows';
import { stageGroups, wrapStages, type WrappedStages } from './wrap-stages';

interface Wrapped {
  stages: WrappedStages;
  turnW: number;
  turnH: number;
  phaseW: number;
  phaseH: number;
}

const CHIP_GAP = 3;

/** The game's own endIf (one edge from every phase to gameover). */
const isGameEndIf = (e: ChartEdge) => e.kind === 'gameover' && e.fn === 'endIf';

export function chips(edges: ChartEdge[], measure: Measure): LabelChip[] {
  return edges.map((edge) => ({ edge, text: edgeText(edge), width: labelWidth(edgeText(edge), measure) }));
}

const chipsWidth = (list: LabelChip[]) => list.reduce((s, c, i) => s + c.width + (i ? CHIP_GAP : 0), 0);

interface Group {
  id: string;
  source: string;
  target: string;
  edges: ChartEdge[];
  latent: boolean;
}

/** Phase edges grouped by (source, target); the game's endIf from many phases becomes latent edges. */
export function groupPhaseEdges(model: ChartModel): Group[] {
  const known = new Set(model.phases.map((p) => p.key));
  const node = (ref: string) => (ref === 'gameover' ? GAMEOVER_ID : known.has(ref) ? phaseId(ref) : null);
  const drawable = model.edges.filter((e) => isPhaseEdge(e) && e.kind !== 'start' && node(e.source) && node(e.target));
  const collapse = drawable.filter(isGameEndIf).length > 2;
  const groups = new Map<string, Group>();
  for (const e of drawable) {
    const latent = collapse && isGameEndIf(e);
    const source = node(e.source)!;
    const target = node(e.target)!;
    const id = latent ? `route:${e.id}` : `route:${source}->${target}`;
    const g = groups.get(id);
    if (g) g.edges.push(e);
    else groups.set(id, { id, source, target, edges: [e], latent });
  }
  return [...groups.values()];
}

/** Phases in flow order: depth-first from the start phase along the drawn edges, then the rest; gameover last. */
export function flowOrder(model: ChartModel, groups: Group[]): string[] {
  const next = new Map<string, string[]>();
  for (const g of groups) if (!g.latent) next.set(g.source, [...(next.get(g.source) ?? []), g.target]);
  const order: string[] = [];
  const seen = new Set<string>([GAMEOVER_ID]);
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    order.push(id);
    for (const t of next.get(id) ?? []) visit(t);
  };
  if (model.phases.some((p) => p.key === model.startPhase)) visit(phaseId(model.startPhase));
  for (const p of model.phases) visit(phaseId(p.key));
  return [...order, GAMEOVER_ID];
}

const offset = (p: Point, by: Point): Point => ({ x: p.x + by.x, y: p.y + by.y });

function elkRoute(e: ElkExtendedEdge, origin: Point): { points: Point[]; label: Point | null } {
  const s = e.sections?.[0];
  const points = s ? [s.startPoint, ...(s.bendPoints ?? []), s.endPoint].map((p) => offset(p, origin)) : [];
  const l = e.labels?.[0];
  const label =
    l && l.x !== undefined && l.y !== undefined ? offset({ x: l.x + (l.width ?? 0) / 2, y: l.y + (l.height ?? 0) / 2 }, origin) : null;
  return { points, label };
}

export function arrangeChart(
  key: string,
  model: ChartModel,
  elk: ElkChart,
  result: ElkNode,
  measure: Measure,
  viewport: { width: number; height: number },
  collapsed: ReadonlySet<string> = new Set(),
): ChartLayout {
  const groups = groupPhaseEdges(model);
  const folded = new Map(model.phases.filter((p) => collapsed.has(p.key)).map((p) => [phaseId(p.key), collapsedPhaseBox(p, measure)]));
  const latent = groups.some((g) => g.latent);
  const go = gameoverBox(model.players.length, latent ? 'endIf · any phase' : null, measure);
  const items = new Map<string, RowItem>();
  const elkPhases = new Map((result.children ?? []).map((c) => [c.id, c]));
  for (const p of model.phases) {
    const n = elkPhases.get(phaseId(p.key));
    const box = folded.get(phaseId(p.key));
    if (n) items.set(n.id, { id: n.id, width: box ? box.minWidth : (n.width ?? 0), height: box ? box.minHeight : (n.height ?? 0) });
  }
  items.set(GAMEOVER_ID, { id: GAMEOVER_ID, width: go.width, height: go.height });

  const groupChips = new Map(groups.map((g) => [g.id, chips(g.edges, measure)]));
  const links: Link[] = groups.map((g) => ({
    id: g.id,
    source: g.source,
    target: g.target,
    labelWidth: chipsWidth(groupChips.get(g.id)!),
    latent: g.latent,
  }));
  const seq = flowOrder(model, groups).filter((id) => items.has(id));
  // The stages of expanded turns wrapped in 1 to 4 rows, or as ELK packed them (0): the choice
  // that shows the whole chart biggest in the viewport.
  const wrappable = model.phases.filter((p) => !folded.has(phaseId(p.key)) && elkPhases.has(phaseId(p.key)));
  const turnOf = (key: string) => elkPhases.get(phaseId(key))?.children?.find((c) => c.id === turnId(key));
  const most = Math.max(0, ...wrappable.map((p) => (turnOf(p.key) ? stageGroups(turnOf(p.key)!).length : 0)));
  const wrapsFor = (rows: number) => {
    const out = new Map<string, Wrapped>();
    if (!rows) return out;
    for (const p of wrappable) {
      const turn = turnOf(p.key);
      const pm = elk.meta.get(phaseId(p.key));
      const tm = elk.meta.get(turnId(p.key));
      if (!turn || pm?.kind !== 'phase' || tm?.kind !== 'turn') continue;
      const stages = wrapStages(turn, Math.min(rows, stageGroups(turn).length), TURN_PAD, tm.box.top, TURN_PAD);
      if (!stages) continue;
      const turnW = Math.max(tm.box.width, stages.width);
      out.set(p.key, {
        stages,
        turnW,
        turnH: stages.height,
        phaseW: Math.max(pm.box.minWidth, turnW + 2 * PHASE_PAD),
        phaseH: pm.box.header + stages.height + PHASE_PAD,
      });
    }
    return out;
  };
  const sized = (wraps: Map<string, Wrapped>) => {
    const m = new Map(items);
    for (const [key, w] of wraps) m.set(phaseId(key), { id: phaseId(key), width: w.phaseW, height: w.phaseH });
    return m;
  };
  let wraps = wrapsFor(0);
  if (most >= 3) {
    let best = shownZoom(arrangeRows(seq, items, links, viewport, false), viewport);
    for (let rows = 1; rows <= Math.min(4, most); rows++) {
      const w = wrapsFor(rows);
      const zoom = shownZoom(arrangeRows(seq, sized(w), links, viewport, false), viewport);
      if (zoom > best * 1.02) [best, wraps] = [zoom, w];
    }
  }
  for (const [id, item] of sized(wraps)) items.set(id, item);
  const a = arrangeRows(seq, items, links, viewport);

  const nodes: LaidNode[] = [
    { id: START_ID, type: 'start', x: a.start.pos.x, y: a.start.pos.y, abs: a.start.pos, width: START, height: START },
  ];
  const edges: LaidEdge[] = [];
  const startEdge = model.edges.find((e) => e.kind === 'start');
  if (startEdge && model.phases.some((p) => p.key === model.startPhase)) {
    edges.push({
      id: 'route:start',
      source: START_ID,
      target: phaseId(model.startPhase),
      level: 'phase',
      edges: [startEdge],
      chips: [],
      points: a.start.route.points,
      label: null,
      latent: false,
    });
  }
  for (const p of model.phases) {
    const n = elkPhases.get(phaseId(p.key));
    const at = a.pos.get(phaseId(p.key));
    if (!n || !at) continue;
    const pm = elk.meta.get(n.id);
    if (pm?.kind !== 'phase') continue;
    // A folded phase is its title alone: no turn or stage inside it is placed.
    const fold = folded.get(n.id);
    const wrap = wraps.get(p.key);
    nodes.push({
      id: n.id,
      type: 'phase',
      x: at.x,
      y: at.y,
      abs: at,
      width: fold ? fold.minWidth : wrap ? wrap.phaseW : (n.width ?? 0),
      height: fold ? fold.minHeight : wrap ? wrap.phaseH : (n.height ?? 0),
      phase: p,
      box: fold ?? pm.box,
      collapsed: !!fold,
    });
    if (fold) continue;
    for (const t of n.children ?? []) {
      const tm = elk.meta.get(t.id);
      if (tm?.kind !== 'turn') continue;
      const tAbs = { x: at.x + (t.x ?? 0), y: at.y + (t.y ?? 0) };
      const turnEdge = model.edges.find((e) => e.kind === 'turn' && e.phase === p.key);
      nodes.push({
        id: t.id,
        parent: n.id,
        type: 'turn',
        x: t.x ?? 0,
        y: t.y ?? 0,
        abs: tAbs,
        width: wrap ? wrap.turnW : (t.width ?? 0),
        height: wrap ? wrap.turnH : (t.height ?? 0),
        phase: p,
        box: tm.box,
        turnEdge,
      });
      for (const s of t.children ?? []) {
        const sm = elk.meta.get(s.id);
        if (sm?.kind !== 'stage') continue;
        const sp = wrap?.stages.pos.get(s.id) ?? { x: s.x ?? 0, y: s.y ?? 0 };
        nodes.push({
          id: s.id,
          parent: t.id,
          type: 'stage',
          x: sp.x,
          y: sp.y,
          abs: offset(sp, tAbs),
          width: s.width ?? 0,
          height: s.height ?? 0,
          phase: p,
          stage: sm.stage,
          box: sm.box,
        });
      }
      for (const e of t.edges ?? []) {
        const me = model.edges.find((x) => x.id === e.id);
        if (!me) continue;
        const r = elkRoute(e, offset(tAbs, wrap?.stages.shift.get(e.id) ?? { x: 0, y: 0 }));
        if (r.points.length < 2) continue;
        // Stage edges are all `next`: no label; the path carries the test id.
        edges.push({
          id: `route:${e.id}`,
          source: e.sources[0],
          target: e.targets[0],
          level: 'stage',
          edges: [me],
          chips: [],
          points: r.points,
          label: null,
          latent: false,
        });
      }
    }
  }
  const goAt = a.pos.get(GAMEOVER_ID)!;
  nodes.push({ id: GAMEOVER_ID, type: 'gameover', x: goAt.x, y: goAt.y, abs: goAt, width: go.width, height: go.height, box: go });
  for (const g of groups) {
    const r = a.routes.get(g.id);
    if (!r) continue;
    edges.push({
      id: g.id,
      source: g.source,
      target: g.target,
      level: 'phase',
      edges: g.edges,
      chips: groupChips.get(g.id)!,
      points: r.points,
      label: r.label,
      latent: g.latent,
    });
  }
  const shownFolded = model.phases.filter((p) => folded.has(phaseId(p.key))).map((p) => p.key);
  return { key, nodes, edges, width: a.width, height: a.height, rows: a.rows, collapsed: shownFolded };
}
