import type { BgioState, StepRecord } from '../../engine';

/** One line of `flowscope replay --json`: the documented, stable shape. */
export function stepToJson(record: StepRecord, state: BgioState): Record<string, unknown> {
  return {
    step: record.index,
    action: record.action,
    ok: record.ok,
    error: record.error,
    ctx: record.ctx,
    G: state.G,
    trace: record.trace.entries,
    transitions: record.trace.transitions,
    logs: record.trace.logs,
    diagnostics: record.diagnostics,
  };
}
