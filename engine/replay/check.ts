import type { StepRecord } from '../session/session';
import type { FlowCtx } from '../types';
import { deepEqual } from '../util/plain';
import { EXPECTATION_KEYS, type StepExpectation } from './replay-file';

export interface Mismatch {
  step: number;
  field: string;
  expected: unknown;
  actual: unknown;
}

/** The fields of `expectation` (every key but `step`) that a step with this ctx and outcome does not meet. */
export function unmetFields(
  expectation: Omit<StepExpectation, 'step'>,
  step: { ctx: FlowCtx; ok: boolean },
): { field: string; expected: unknown; actual: unknown }[] {
  const actual: Record<string, unknown> = { ...step.ctx, ok: step.ok };
  const out: { field: string; expected: unknown; actual: unknown }[] = [];
  for (const key of EXPECTATION_KEYS) {
    if (!(key in expectation)) continue;
    const want = (expectation as Record<string, unknown>)[key];
    if (!deepEqual(want, actual[key])) out.push({ field: key, expected: want, actual: actual[key] });
  }
  return out;
}

/** Compares each expectation with the step it names; returns the mismatches in step order. */
export function checkExpectations(steps: readonly StepRecord[], expectations: readonly StepExpectation[]): Mismatch[] {
  const out: Mismatch[] = [];
  for (const e of [...expectations].sort((a, b) => a.step - b.step)) {
    const step = steps[e.step];
    if (!step) {
      out.push({ step: e.step, field: 'step', expected: 'a step', actual: `the replay has ${steps.length - 1} steps` });
      continue;
    }
    for (const m of unmetFields(e, step)) out.push({ step: e.step, ...m });
  }
  return out;
}
