import type { StepRecord } from './session';

/** What the log can be narrowed to; every field given must match. */
export interface StepFilter {
  /** The player who acted. */
  player?: string;
  /** Move or event name (or `undo`, `redo`, `reset`). */
  action?: string;
  outcome?: 'accepted' | 'rejected' | 'threw';
  /** A diagnostic code, or `any` for steps with any diagnostic. */
  diagnostic?: string;
  /** Case-insensitive text in the action's name and arguments, its error, or its diagnostics. */
  text?: string;
}

/** Whether a step passes the filter (step 0, the game's creation, only matches filters it meets). */
export function matchesStep(record: Pick<StepRecord, 'action' | 'ok' | 'error' | 'diagnostics'>, filter: StepFilter): boolean {
  const a = record.action;
  if (filter.player && (!a || !('playerID' in a) || a.playerID !== filter.player)) return false;
  if (filter.action) {
    const name = !a ? 'created' : a.type === 'move' || a.type === 'event' ? a.name : a.type;
    if (name !== filter.action) return false;
  }
  if (filter.outcome) {
    const threw = record.error?.type === 'flowscope/threw';
    const outcome = record.ok ? 'accepted' : threw ? 'threw' : 'rejected';
    if (outcome !== filter.outcome) return false;
  }
  if (filter.diagnostic) {
    if (filter.diagnostic === 'any' ? record.diagnostics.length === 0 : !record.diagnostics.some((d) => d.code === filter.diagnostic))
      return false;
  }
  const text = filter.text?.trim().toLowerCase();
  if (text) {
    const haystack = [
      a && (a.type === 'move' || a.type === 'event') ? `${a.name} ${JSON.stringify(a.args)}` : (a?.type ?? ''),
      record.error?.message ?? '',
      ...record.diagnostics.map((d) => d.message),
    ]
      .join('\n')
      .toLowerCase();
    if (!haystack.includes(text)) return false;
  }
  return true;
}
