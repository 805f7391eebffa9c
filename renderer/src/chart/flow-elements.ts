/**
 * React Flow nodes and edges from a chart layout (built once per layout), and the token nodes
 * (rebuilt per step, cheaply).
 */
import type { Edge, Node } from 'reactflow';
import type { ChartEdge, ChartModel } from '../../../engine/host/protocol';
import type { ChartLayout, LaidEdge, LaidNode } from './layout-types';
import { TOKEN } from './geometry';
import type { PlacedToken } from './tokens';

export interface ChartNodeData {
  node: LaidNode;
}

export interface ChartEdgeData {
  laid: LaidEdge;
  /** Ids of this route's model edges the selected step took. */
  taken: string[];
}

export interface TokenData {
  player: string;
  slot: string;
  current: boolean;
}

const Z: Record<LaidNode['type'], number> = { phase: 0, turn: 1, stage: 2, gameover: 0, start: 0 };
export const TOKEN_Z = 10;

/**
 * Nodes carry their size: React Flow rebuilds its node records from the nodes it is given, and a
 * node without `width`/`height` counts as unmeasured, so on every step (new token nodes) it would
 * hide every node and edge until a ResizeObserver measured them all again in the next frame.
 */
export function toFlowNodes(layout: ChartLayout): Node<ChartNodeData>[] {
  return layout.nodes.map((n) => ({
    id: n.id,
    type: n.type,
    position: { x: n.x, y: n.y },
    width: n.width,
    height: n.height,
    ...(n.parent ? { parentNode: n.parent, extent: 'parent' as const } : {}),
    data: { node: n },
    style: { width: n.width, height: n.height },
    draggable: false,
    selectable: false,
    connectable: false,
    focusable: false,
    zIndex: Z[n.type],
  }));
}

/** Edges of the layout, styled from the current model (a run marks edges observed without a relayout). */
export function toFlowEdges(layout: ChartLayout, model: ChartModel): Edge<ChartEdgeData>[] {
  const current = new Map(model.edges.map((e) => [e.id, e]));
  const fresh = (e: ChartEdge) => current.get(e.id) ?? e;
  return layout.edges.map((laid) => ({
    id: laid.id,
    type: 'chart',
    source: laid.source,
    target: laid.target,
    data: { laid: { ...laid, edges: laid.edges.map(fresh), chips: laid.chips.map((c) => ({ ...c, edge: fresh(c.edge) })) }, taken: [] },
    selectable: false,
    focusable: false,
    zIndex: laid.level === 'stage' ? 2 : 0,
  }));
}

/**
 * The edges with the step's taken ones animated (only those get new objects). They keep their
 * z-index: React Flow draws each z-index in an SVG of its own, and moving an edge to another one
 * makes the browser repaint the whole chart.
 */
export function markTaken(edges: Edge<ChartEdgeData>[], taken: Set<string>): Edge<ChartEdgeData>[] {
  if (!taken.size) return edges;
  return edges.map((e) => {
    const ids = e.data!.laid.edges.filter((x) => taken.has(x.id)).map((x) => x.id);
    return ids.length ? { ...e, animated: true, data: { ...e.data!, taken: ids } } : e;
  });
}

const tokenCache = new WeakMap<object, Map<string, Node<TokenData>>>();

/** One node per token; a token that did not move keeps its node object (React Flow skips it). */
export function tokenNodes(owner: object, placed: PlacedToken[], currentPlayer: string | null): Node<TokenData>[] {
  let cache = tokenCache.get(owner);
  if (!cache) tokenCache.set(owner, (cache = new Map()));
  return placed.map((t) => {
    const current = t.player === currentPlayer;
    const old = cache!.get(t.player);
    if (old && old.position.x === t.x && old.position.y === t.y && old.data.slot === t.slot && old.data.current === current) return old;
    const node: Node<TokenData> = {
      id: `token:${t.player}`,
      type: 'token',
      position: { x: t.x, y: t.y },
      width: TOKEN,
      height: TOKEN,
      data: { player: t.player, slot: t.slot, current },
      draggable: false,
      selectable: false,
      connectable: false,
      focusable: false,
      zIndex: TOKEN_Z,
    };
    cache!.set(t.player, node);
    return node;
  });
}
