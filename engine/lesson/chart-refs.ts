import type { ChartModel } from '../chart/model';
import type { ChartRef } from './lesson-file';

/** Why `ref` names nothing in `model`, or null when it names a phase, turn, stage, edge or player of it. */
export function missingChartRef(model: ChartModel, ref: ChartRef): string | null {
  const phaseKeys = model.phases.map((p) => p.key);
  const phase = (key: string) => model.phases.find((p) => p.key === key);
  if ('edge' in ref)
    return model.edges.some((e) => e.id === ref.edge) ? null : `no edge "${ref.edge}" (edges: ${model.edges.map((e) => e.id).join(', ')})`;
  if ('player' in ref)
    return model.players.includes(ref.player) ? null : `no player "${ref.player}" (players: ${model.players.join(', ')})`;
  if ('stage' in ref) {
    const inPhases = ref.phase !== undefined ? [phase(ref.phase)].filter((p) => p !== undefined) : model.phases;
    if (ref.phase !== undefined && !inPhases.length) return `no phase "${ref.phase}" (phases: ${phaseKeys.join(', ')})`;
    return inPhases.some((p) => p.turn.stages.some((s) => s.name === ref.stage))
      ? null
      : `no stage "${ref.stage}"${ref.phase ? ` in phase ${ref.phase}` : ''}`;
  }
  const key = 'phase' in ref ? ref.phase : ref.turn;
  return phase(key) ? null : `no phase "${key}" (phases: ${phaseKeys.join(', ')})`;
}

/** The chart elements a reference lights up, as the renderer names them (`data-testid`). */
export function chartRefTestIds(model: ChartModel, ref: ChartRef): string[] {
  if ('edge' in ref) return [`edge-${ref.edge}`];
  if ('player' in ref) return [`token-${ref.player}`];
  if ('phase' in ref && !('stage' in ref)) return [`phase-${ref.phase}`];
  if ('turn' in ref) return [`turn-${ref.turn}`];
  const phases =
    ref.phase !== undefined ? [ref.phase] : model.phases.filter((p) => p.turn.stages.some((s) => s.name === ref.stage)).map((p) => p.key);
  return phases.map((p) => `stage-${p}-${ref.stage}`);
}
