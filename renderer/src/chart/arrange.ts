/**
 * Turns ELK's result (each phase with its turn and stages placed) into the chart layout: the
 * phases and gameover arranged in rows for the viewer (rows.ts), nested nodes, and every edge
 * route in chart coordinates.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartEdge, ChartModel } from '../../../engine/host/protocol';
import { edgeText, GAMEOVER_ID, isPhaseEdge, labelWidth, phaseId, START_ID, type ElkChart } from './elk-graph';
import { gameoverBox } from './geometry';
import type { ChartLayout, LabelChip, LaidEdge, LaidNode, Point } from './layout-types';
import type { Measure } from './measure';
import { arrangeRows, START, type Link, type RowItem } from './rows';

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
): ChartLayout {
  const groups = groupPhaseEdges(model);
  const latent = groups.some((g) => g.latent);
  const go = gameoverBox(model.players.length, latent ? 'endIf · any phase' : null, measure);
  const items = new Map<string, RowItem>();
  const elkPhases = new Map((result.children ?? []).map((c) => [c.id, c]));
  for (const p of model.phases) {
    const n = elkPhases.get(phaseId(p.key));
    if (n) items.set(n.id, { id: n.id, width: n.width ?? 0, height: n.height ?? 0 });
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
    nodes.push({ id: n.id, type: 'phase', x: at.x, y: at.y, abs: at, width: n.width ?? 0, height: n.height ?? 0, phase: p, box: pm.box });
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
        width: t.width ?? 0,
        height: t.height ?? 0,
        phase: p,
        box: tm.box,
        turnEdge,
      });
      for (const s of t.children ?? []) {
        const sm = elk.meta.get(s.id);
        if (sm?.kind !== 'stage') continue;
        nodes.push({
          id: s.id,
          parent: t.id,
          type: 'stage',
          x: s.x ?? 0,
          y: s.y ?? 0,
          abs: offset({ x: s.x ?? 0, y: s.y ?? 0 }, tAbs),
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
        const r = elkRoute(e, tAbs);
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
  return { key, nodes, edges, width: a.width, height: a.height, rows: a.rows };
}
