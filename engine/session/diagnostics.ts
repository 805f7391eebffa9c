import type { StepTrace } from '../trace/types';
import { describeCall } from '../trace/describe';

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Stable code, documented in docs/diagnostics.md. */
  code: string;
  severity: Severity;
  message: string;
}

/** What a step's trace says a user should look at. */
export function diagnoseTrace(trace: StepTrace): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const entry of trace.entries) {
    if (entry.threw) out.push({ code: 'threw', severity: 'error', message: `${entry.fn} threw ${entry.threw}` });
    for (const ev of entry.events) {
      const call = `${entry.fn} called ${describeCall(ev.name, ev.args)}`;
      if (ev.outcome === 'rejected') out.push({ code: 'event-rejected', severity: 'error', message: `${call}: rejected: ${ev.reason}` });
      else if (ev.outcome === 'dropped') out.push({ code: 'event-dropped', severity: 'warning', message: `${call}: dropped: ${ev.reason}` });
    }
  }
  for (const line of trace.logs) {
    if (line.source === 'boardgame.io' && /^ERROR: invalid value returned/.test(line.text)) {
      out.push({ code: 'bgio-error', severity: 'error', message: line.text.replace(/^ERROR:\s*/, '') });
    }
  }
  return out;
}
