/**
 * When explore's pool starts another worker. A worker is a new V8 isolate: it loads the game and
 * boardgame.io again, and V8 compiles and optimises all their hot code again, which no sharing
 * between isolates avoids. Measured on `bang`: about 0.7 s of CPU, most of it optimising
 * compilation on V8's background threads, spread over the worker's first few dozen runs.
 *
 * The estimates come from the first worker while it runs alone: the process's CPU time (every
 * thread, so V8's compiler threads count) and the steps played, at each finished run. The pace is
 * the CPU per step over the later half of its runs; the start-up is what it spent beyond that
 * pace. Early on the start-up looks smaller than it is (V8 goes on optimising long after the
 * pace seems steady: on `bang`, the estimate after 8 runs is about a third of the one after 40),
 * so the pace is judged only after `MIN_SAMPLES` runs, and a worker starts only when its share of
 * the work left is `REPAY` times the estimate.
 */
export const REPAY = 8;

/** Runs the first worker finishes before its pace is judged, unless it has already spent `MIN_CPU_MS`. */
export const MIN_SAMPLES = 12;
/** CPU after which two runs are enough to judge the pace (runs that long are past V8's warm-up). */
export const MIN_CPU_MS = 2000;

export interface PaceSample {
  /** Process CPU time since the first worker was started, in ms. */
  cpuMs: number;
  /** Steps played by all runs finished so far. */
  steps: number;
}

export interface PaceEstimate {
  /** CPU per step, in ms. */
  stepMs: number;
  /** A worker's start-up: loading, and warming up slower than `stepMs`, in ms of CPU. */
  startMs: number;
  /** Steps in a run, on average. */
  stepsPerRun: number;
}

/** The first worker's pace and start-up, from its finished runs (cumulative samples, one per run); null until there are enough. */
export function estimatePace(samples: readonly PaceSample[]): PaceEstimate | null {
  const n = samples.length;
  const last = samples[n - 1];
  if (n < 2 || (n < MIN_SAMPLES && last.cpuMs < MIN_CPU_MS)) return null;
  const mid = samples[Math.floor(n / 2) - 1];
  if (last.steps <= mid.steps) return null;
  const stepMs = (last.cpuMs - mid.cpuMs) / (last.steps - mid.steps);
  return { stepMs, startMs: Math.max(0, last.cpuMs - last.steps * stepMs), stepsPerRun: last.steps / n };
}

/** Whether one more worker repays its start-up, with `running` workers and `runsLeft` runs not yet handed out. */
export function anotherWorkerPays(pace: PaceEstimate, runsLeft: number, running: number): boolean {
  const workLeftMs = runsLeft * pace.stepsPerRun * pace.stepMs;
  return workLeftMs / (running + 1) >= REPAY * pace.startMs;
}

/**
 * How many runs a worker is handed at once: a few per request keeps messages rare next to the
 * work, and small enough batches that the last ones spread over every worker.
 */
export function batchSize(runsLeft: number, maxWorkers: number): number {
  return Math.max(1, Math.min(8, Math.floor(runsLeft / (4 * maxWorkers))));
}
