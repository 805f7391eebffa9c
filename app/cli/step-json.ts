import { toPlain, type BgioState, type StepRecord } from '../../engine';

/** One line of `flowscope replay --json`: the documented, stable shape. */
export function stepToJson(record: StepRecord, state: BgioState): Record<string, unknown> {
  return {
    step: record.index,
    action: record.action,
    ok: record.ok,
    error: record.error,
    ctx: record.ctx,
    // A G that JSON cannot hold (a cycle) prints as a note; its step's unserialisable-state diagnostic says why.
    G: toPlain(state.G),
    trace: record.trace.entries,
    transitions: record.trace.transitions,
    logs: record.trace.logs,
    diagnostics: record.diagnostics,
  };
}
