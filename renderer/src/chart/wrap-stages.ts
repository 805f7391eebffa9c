/**
 * Wraps a turn's stages in rows: the groups of stages joined by `next` edges (as ELK laid each
 * group out) are placed in `rows` rows of about equal width, in the config's order. A big turn
 * can then take the shape the panel has room for. Pure.
 */
import type { ElkNode } from 'elkjs/lib/elk-api';
import type { Point } from './layout-types';

const GAP = 12;

export interface WrappedStages {
  /** Each stage's new top-left, relative to the turn. */
  pos: Map<string, Point>;
  /** How far each stage edge moved (with its group). */
  shift: Map<string, Point>;
  width: number;
  height: number;
}

interface Group {
  id: string;
  stages: ElkNode[];
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The groups of stages joined by edges, in the order of their first stage. */
export function stageGroups(turn: ElkNode): Group[] {
  const stages = turn.children ?? [];
  const root = new Map(stages.map((s) => [s.id, s.id]));
  const find = (id: string): string => (root.get(id) === id ? id : find(root.get(id)!));
  for (const e of turn.edges ?? []) {
    const [a, b] = [find(e.sources[0]), find(e.targets[0])];
    if (a !== b) root.set(b, a);
  }
  const groups = new Map<string, ElkNode[]>();
  for (const s of stages) groups.set(find(s.id), [...(groups.get(find(s.id)) ?? []), s]);
  return [...groups.entries()].map(([id, list]) => {
    const x = Math.min(...list.map((s) => s.x ?? 0));
    const y = Math.min(...list.map((s) => s.y ?? 0));
    return {
      id,
      stages: list,
      x,
      y,
      width: Math.max(...list.map((s) => (s.x ?? 0) + (s.width ?? 0))) - x,
      height: Math.max(...list.map((s) => (s.y ?? 0) + (s.height ?? 0))) - y,
    };
  });
}

/**
 * `groups` in `rows` rows of about equal width: the widest group first into the narrowest row
 * (a row keeps the config's order).
 */
export function balancedRows<T extends { width: number }>(groups: T[], rows: number): T[][] {
  const out: T[][] = Array.from({ length: rows }, () => []);
  const width = (row: T[]) => row.reduce((s, g, i) => s + g.width + (i ? GAP : 0), 0);
  for (const g of [...groups].sort((a, b) => b.width - a.width)) {
    const row = out.reduce((best, r) => (width(r) < width(best) ? r : best));
    row.push(g);
  }
  return out.filter((r) => r.length).map((r) => groups.filter((g) => r.includes(g)));
}

/** The stages of `turn` (ELK's result) in `rows` rows, starting at `left`, `top` inside the turn, with `pad` around. */
export function wrapStages(turn: ElkNode, rows: number, left: number, top: number, pad: number): WrappedStages | null {
  const groups = stageGroups(turn);
  if (rows < 1 || rows > groups.length) return null;
  const byId = new Map(groups.map((g) => [g.id, g]));
  const split = balancedRows(groups, rows).map((row) => row.map((g) => g.id));
  const pos = new Map<string, Point>();
  const shift = new Map<string, Point>();
  const stageGroup = new Map<string, Group>();
  let y = top;
  let width = 0;
  for (const row of split) {
    let x = left;
    let height = 0;
    for (const id of row) {
      const g = byId.get(id)!;
      const by = { x: x - g.x, y: y - g.y };
      for (const s of g.stages) {
        pos.set(s.id, { x: (s.x ?? 0) + by.x, y: (s.y ?? 0) + by.y });
        stageGroup.set(s.id, g);
      }
      shift.set(g.id, by);
      x += g.width + GAP;
      height = Math.max(height, g.height);
    }
    width = Math.max(width, x - GAP + pad);
    y += height + GAP;
  }
  const edgeShift = new Map<string, Point>();
  for (const e of turn.edges ?? []) edgeShift.set(e.id, shift.get(stageGroup.get(e.sources[0])!.id)!);
  return { pos, shift: edgeShift, width, height: y - GAP + pad };
}
