import { availableParallelism } from 'node:os';

/** At most this many runs: each finished run's outcome is kept for the report. */
export const MAX_RUNS = 1_000_000;
/** At most this many steps a run: a run's session holds every step. */
export const MAX_STEPS = 100_000;
/** `--workers` above this is refused; above the machine's cores, the cores are used (more threads only share them). */
export const MAX_WORKERS = 64;

/** The worker count to use for `asked`, and a note when it was lowered to the cores. */
export function workerCount(asked: number | undefined): { workers: number; note: string | null } {
  const cores = availableParallelism();
  if (asked === undefined) return { workers: cores, note: null };
  if (asked <= cores) return { workers: asked, note: null };
  return { workers: cores, note: `--workers ${asked}: this machine has ${cores} cores, so explore uses ${cores} workers` };
}
