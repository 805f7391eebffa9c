import type { ChartModel } from '../../../engine/host/protocol';

/**
 * The action names the log's filter offers: every move the chart declares (a phase's own, and each
 * stage's, such as a reaction's `playMissed`), the enabled events, then undo, redo and reset.
 */
export function filterActions(chart: ChartModel | undefined, enabledEvents: readonly string[] = []): string[] {
  const moves = new Set<string>();
  for (const phase of chart?.phases ?? []) {
    for (const move of phase.moves ?? []) moves.add(move);
    for (const stage of phase.turn.stages) for (const move of stage.moves ?? []) moves.add(move);
  }
  return [...moves, ...enabledEvents.filter((e) => !moves.has(e)), 'undo', 'redo', 'reset'];
}
