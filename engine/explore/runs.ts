import type { ChartModel } from '../chart/model';
import type { CoverageCounts } from './coverage';
import { findingKey } from './findings';
import { runPlayout, type ExploreGame, type PlayoutFinding, type PlayoutResult } from './playout';
import { minimalReplay, type MinimalReplay } from './shrink';
import type { ArgumentMiss } from './step-findings';

export interface ExploreOptions {
  /** Number of playouts. */
  runs: number;
  /** Actions per playout, at most. */
  steps: number;
  seed: string;
  checkDeterminism?: boolean;
  /** Replays ddmin may run per finding. */
  shrinkBudget?: number;
  /** Called after each step of a playout and each replay ddmin runs, with the run's number. */
  onProgress?: (run: number, doing: 'playing' | 'shrinking') => void;
}

/** One playout's outcome, with a minimal replay for each finding these runs had not shown before. */
export interface RunOutcome {
  run: number;
  seed: string;
  /** Actions played. */
  steps: number;
  ended: PlayoutResult['ended'];
  findings: PlayoutFinding[];
  coverage: CoverageCounts;
  replays: Record<string, MinimalReplay>;
  /** Moves played with made-up arguments that threw or were refused because of them. */
  misses: ArgumentMiss[];
}

/** Run `i`'s seed: every run is independent of the others, so any split over workers gives the same report. */
export const runSeed = (seed: string, run: number) => `${seed}#${run}`;

/**
 * Plays the runs numbered `runs` (in order) and shrinks each finding the first time one of them
 * shows it. A worker calls it once per batch of run numbers it is handed, passing the same
 * `shrunk` set (the findings it has shrunk already) each time. Runs are played in increasing order
 * within a worker, so the lowest-numbered run showing a finding is always shrunk, whoever plays it.
 */
export function exploreRuns(
  game: ExploreGame,
  model: ChartModel,
  options: ExploreOptions,
  runs: readonly number[],
  onRun?: (outcome: RunOutcome) => void,
  shrunk = new Set<string>(),
): RunOutcome[] {
  const out: RunOutcome[] = [];
  for (const run of runs) {
    const seed = runSeed(options.seed, run);
    const result = runPlayout(game, model, {
      seed,
      steps: options.steps,
      checkDeterminism: options.checkDeterminism,
      onProgress: options.onProgress && (() => options.onProgress!(run, 'playing')),
    });
    const replays: Record<string, MinimalReplay> = {};
    for (const f of result.findings) {
      const key = findingKey(f);
      if (shrunk.has(key)) continue;
      shrunk.add(key);
      replays[key] = minimalReplay(
        game,
        seed,
        result.actions,
        f,
        options.shrinkBudget,
        options.onProgress && (() => options.onProgress!(run, 'shrinking')),
        result.sources,
      );
    }
    const outcome: RunOutcome = {
      run,
      seed,
      steps: result.actions.length,
      ended: result.ended,
      findings: result.findings,
      coverage: result.coverage,
      replays,
      misses: result.misses,
    };
    out.push(outcome);
    onRun?.(outcome);
  }
  return out;
}
