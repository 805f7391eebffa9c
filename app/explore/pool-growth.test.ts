import { describe, expect, it } from 'vitest';
import { anotherWorkerPays, batchSize, estimatePace, MIN_SAMPLES, REPAY, type PaceSample } from './pool-growth';

/** Cumulative samples of a worker that spends `startMs` starting, then `stepMs` a step, `steps` steps a run. */
function steadyWorker(runs: number, startMs: number, stepMs: number, steps = 100): PaceSample[] {
  return Array.from({ length: runs }, (_, i) => ({ cpuMs: startMs + (i + 1) * steps * stepMs, steps: (i + 1) * steps }));
}

describe('when explore starts another worker', () => {
  it('waits for enough runs, or for enough CPU spent, before judging the pace', () => {
    expect(estimatePace(steadyWorker(MIN_SAMPLES - 1, 300, 0.5))).toBeNull();
    expect(estimatePace(steadyWorker(MIN_SAMPLES, 300, 0.5))).not.toBeNull();
    // Two long runs are past V8's warm-up: enough.
    expect(estimatePace(steadyWorker(2, 300, 20))).not.toBeNull();
    expect(estimatePace(steadyWorker(1, 300, 20))).toBeNull();
  });

  it('reads the pace from the later runs and the start-up as what was spent beyond it', () => {
    const pace = estimatePace(steadyWorker(12, 700, 0.4, 125))!;
    expect(pace.stepMs).toBeCloseTo(0.4);
    expect(pace.startMs).toBeCloseTo(700);
    expect(pace.stepsPerRun).toBe(125);
    // A warm-up (early runs slower) counts as start-up, not as the pace.
    const warming = steadyWorker(12, 0, 0.4, 125).map((s, i) => ({ ...s, cpuMs: s.cpuMs + Math.min(i + 1, 4) * 100 }));
    const warm = estimatePace(warming)!;
    expect(warm.stepMs).toBeCloseTo(0.4);
    expect(warm.startMs).toBeCloseTo(400);
  });

  it('starts a worker only when its share of the runs left repays its start-up REPAY times', () => {
    const pace = { stepMs: 0.5, startMs: 500, stepsPerRun: 100 }; // 50 ms a run
    const runsToRepay = (running: number) => (REPAY * pace.startMs * (running + 1)) / 50;
    expect(anotherWorkerPays(pace, runsToRepay(1), 1)).toBe(true);
    expect(anotherWorkerPays(pace, runsToRepay(1) - 1, 1)).toBe(false);
    // A third worker needs half as much again: its share is a third.
    expect(anotherWorkerPays(pace, runsToRepay(1), 2)).toBe(false);
    expect(anotherWorkerPays(pace, runsToRepay(2), 2)).toBe(true);
  });

  it('hands out runs a few at a time, so the last ones spread over every worker', () => {
    expect(batchSize(1, 4)).toBe(1);
    expect(batchSize(40, 2)).toBe(5);
    expect(batchSize(10_000, 2)).toBe(8);
    expect(batchSize(3, 1)).toBe(1);
  });
});
