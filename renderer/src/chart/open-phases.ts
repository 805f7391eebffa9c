import type { ChartModel, ChartRef } from '../../../engine/host/protocol';

/**
 * The phases that must stay open (not folded to their header) for `refs` to be on the chart: a
 * turn, a stage, or an edge drawn inside a turn (stage `next`, the turn passing). Phase edges,
 * phases and tokens show on folded phases too.
 */
export function phasesToOpen(model: ChartModel, refs: readonly ChartRef[]): string[] {
  const keys = new Set<string>();
  for (const ref of refs) {
    if ('edge' in ref) {
      const e = model.edges.find((x) => x.id === ref.edge);
      if (e?.phase && (e.kind === 'stage-next' || e.kind === 'turn')) keys.add(e.phase);
    } else if ('turn' in ref) keys.add(ref.turn);
    else if ('stage' in ref) {
      if (ref.phase !== undefined) keys.add(ref.phase);
      else for (const p of model.phases) if (p.turn.stages.some((s) => s.name === ref.stage)) keys.add(p.key);
    }
  }
  return [...keys];
}
