import type { StepTrace } from '../trace/types';
import { describeCall } from '../trace/describe';

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Stable code, documented in docs/diagnostics.md. */
  code: string;
  severity: Severity;
  message: string;
}

/**
 * What a step's trace says a user should look at. `suspects` maps config paths known to be
 * written wrongly for this release (the pre-0.50 `(G, ctx)` signature) to the lint's explanation.
 */
export function diagnoseTrace(trace: StepTrace, suspects: ReadonlyMap<string, string> = new Map()): Diagnostic[] {
  const out: Diagnostic[] = [];
  const named = new Set<string>();
  for (const entry of trace.entries) {
    const suspect = suspects.get(entry.fn);
    if (suspect && !named.has(entry.fn)) {
      named.add(entry.fn);
      out.push({ code: 'legacy-signature', severity: 'error', message: suspect });
    }
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
