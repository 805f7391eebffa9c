import type { FlowAction } from '../../engine';
import type { SessionRecord } from '../journal/session-journal';

/**
 * What one request recorded in the session's replay: a game opened (its replay header, and the
 * files it was loaded from), and the actions dispatched at steps `first`, `first + 1`, … (`first`
 * before the record's end is a branch: what followed is replaced).
 */
export interface RecordedChange {
  opened?: { header: Omit<SessionRecord, 'actions'>; inputs: string[] };
  first: number;
  actions: FlowAction[];
}

/**
 * Collects what the session host records while a request runs (requests that change the session
 * run one at a time), for the worker to report with the request's answer.
 */
export class SessionRecorder {
  private change: RecordedChange | null = null;

  /** A session started afresh (opened, restarted, reloaded, a replay opened). */
  opened(header: Omit<SessionRecord, 'actions'>, inputs: string[]): void {
    this.change = { opened: { header, inputs }, first: 1, actions: [] };
  }

  /** An action was dispatched at step `step` (1 = the first action). */
  appended(step: number, action: FlowAction): void {
    const c = (this.change ??= { first: step, actions: [] });
    if (step < c.first) {
      c.first = step;
      c.actions = [];
    } else c.actions.length = Math.min(c.actions.length, step - c.first);
    c.actions.push(action);
  }

  /** What was recorded since the last call, or null. */
  take(): RecordedChange | null {
    const change = this.change;
    this.change = null;
    return change;
  }
}

/** A record with `change` applied (null when it needs an opening the record does not have). */
export function applyChange(record: SessionRecord | null, change: RecordedChange): SessionRecord | null {
  if (change.opened) return { ...change.opened.header, actions: [...change.actions] };
  if (!record) return null;
  record.actions.length = Math.min(record.actions.length, change.first - 1);
  for (const action of change.actions) record.actions.push(action);
  return record;
}
