import type { StepRecord } from '../session/session';
import { deepEqual } from '../util/plain';
import { EXPECTATION_KEYS, type StepExpectation } from './replay-file';

export interface Mismatch {
  step: number;
  field: string;
  expected: unknown;
  actual: unknown;
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
    const actual: Record<string, unknown> = { ...step.ctx, ok: step.ok };
    for (const key of EXPECTATION_KEYS) {
      if (!(key in e)) continue;
      const want = (e as unknown as Record<string, unknown>)[key];
      if (!deepEqual(want, actual[key])) out.push({ step: e.step, field: key, expected: want, actual: actual[key] });
    }
  }
  return out;
}
