import type { StepTrace } from '../trace/types';
import { describeCall } from '../trace/describe';
import { describeUse, type EntropyUse, type GameRandomness } from './entropy';

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Stable code, documented in docs/diagnostics.md. */
  code: string;
  severity: Severity;
  message: string;
}

const NO_SUSPECTS: ReadonlyMap<string, string> = new Map();

/**
 * What a step's trace says a user should look at. `suspects` maps config paths known to be
 * written wrongly for this release (the pre-0.50 `(G, ctx)` signature) to the lint's explanation.
 */
export function diagnoseTrace(trace: StepTrace, suspects: ReadonlyMap<string, string> = NO_SUSPECTS): Diagnostic[] {
  const out: Diagnostic[] = [];
  let named: Set<string> | undefined;
  for (const entry of trace.entries) {
    const suspect = suspects.size ? suspects.get(entry.fn) : undefined;
    if (suspect && !named?.has(entry.fn)) {
      (named ??= new Set()).add(entry.fn);
      out.push({ code: 'legacy-signature', severity: 'error', message: suspect });
    }
    if (entry.threw) out.push({ code: 'threw', severity: 'error', message: `${entry.fn} threw ${entry.threw}` });
    for (const ev of entry.events) {
      if (ev.outcome === 'applied' && ev.warning === undefined) continue;
      const call = `${entry.fn} called ${describeCall(ev.name, ev.args)}`;
      if (ev.outcome === 'applied')
        out.push({ code: 'event-warning', severity: 'warning', message: `${call}: applied, but ${ev.warning}` });
      if (ev.outcome === 'rejected') out.push({ code: 'event-rejected', severity: 'error', message: `${call}: rejected: ${ev.reason}` });
      else if (ev.outcome === 'dropped')
        out.push({ code: 'event-dropped', severity: 'warning', message: `${call}: dropped: ${ev.reason}` });
    }
  }
  for (const line of trace.logs) {
    if (line.source === 'boardgame.io' && line.text.startsWith('ERROR: invalid value returned')) {
      out.push({ code: 'bgio-error', severity: 'error', message: line.text.replace(/^ERROR:\s*/, '') });
    }
  }
  return out;
}

const CLOCKS = new Set(['Date.now', 'new Date()', 'performance.now']);

/**
 * `nondeterministic-call`: game code read `Math.random`, the clock or `crypto` in this step. In
 * boardgame.io the server and every client run the same move and must compute the same state; these
 * give each a different result (and a different one again on every replay).
 */
export function diagnoseEntropy(uses: readonly EntropyUse[], mode: GameRandomness): Diagnostic[] {
  return uses.map((use) => {
    const fix = CLOCKS.has(use.api)
      ? 'pass the time in as a move argument (or keep it out of G)'
      : "use boardgame.io's `random` from the context it passes to setup, moves and hooks (`random.Number()`, `random.Shuffle(list)`, `random.D6()`; `ctx.random` before 0.50), which it seeds and replays";
    const here =
      mode === 'seeded'
        ? `Flowscope seeded it from the session seed and the step, so this step replays exactly here`
        : 'the sandbox is off, so re-running this step (seek, reload, check) may not give the state that was played';
    return {
      code: 'nondeterministic-call',
      severity: mode === 'seeded' ? 'warning' : 'error',
      message: `${describeUse(use)}: in boardgame.io the server and each client compute different results from it; ${fix}. ${here[0].toUpperCase()}${here.slice(1)}.`,
    };
  });
}
