import type { ChartModel } from '../chart/model';
import type { GameConfig } from '../types';
import { mergeCounts, summariseCoverage, type CoverageCounts, type CoverageSummary } from './coverage';
import { FINDING_KINDS, findingKey, type FindingKind } from './findings';
import type { ExploreOptions, RunOutcome } from './runs';
import type { MinimalReplay } from './shrink';

/** One bug, however many times the runs showed it. */
export interface FindingGroup {
  key: string;
  kind: FindingKind;
  location: string;
  /** The message of its first occurrence. */
  message: string;
  /** Steps that showed it, over all runs. */
  count: number;
  /** Runs that showed it. */
  runs: number;
  /** The first run that showed it, and the step. */
  firstRun: number;
  firstStep: number;
  replay: MinimalReplay | null;
}

export interface ExploreReport {
  game: string;
  bgio: string;
  numPlayers: number;
  seed: string;
  runs: number;
  stepsPerRun: number;
  /** Actions played over all runs. */
  totalSteps: number;
  endings: Record<RunOutcome['ended'], number>;
  findings: FindingGroup[];
  coverage: CoverageSummary;
  /** Raw counts by chart id, for painting. */
  counts: CoverageCounts;
}

/** Merges run outcomes (from any number of workers) into one report: findings grouped by kind and place, coverage summed. */
export function buildReport(
  meta: { game: string; bgio: string; numPlayers: number; config: GameConfig },
  model: ChartModel,
  options: ExploreOptions,
  outcomes: readonly RunOutcome[],
): ExploreReport {
  const grouped = groupOutcomes(outcomes);
  return {
    game: meta.game,
    bgio: meta.bgio,
    numPlayers: meta.numPlayers,
    seed: options.seed,
    runs: grouped.runs,
    stepsPerRun: options.steps,
    totalSteps: grouped.totalSteps,
    endings: grouped.endings,
    findings: grouped.findings,
    coverage: summariseCoverage(model, meta.config, grouped.counts),
    counts: grouped.counts,
  };
}

/** Run outcomes in run order, whoever played them: totals, endings, findings grouped by kind and place, coverage counts summed. */
export function groupOutcomes(
  outcomes: readonly RunOutcome[],
): Pick<ExploreReport, 'runs' | 'totalSteps' | 'endings' | 'findings' | 'counts'> {
  const sorted = [...outcomes].sort((a, b) => a.run - b.run);
  const groups = new Map<string, FindingGroup>();
  const counts: CoverageCounts = {};
  const endings: ExploreReport['endings'] = { gameover: 0, stuck: 0, steps: 0, 'setup-failed': 0 };
  let totalSteps = 0;
  for (const outcome of sorted) {
    totalSteps += outcome.steps;
    endings[outcome.ended]++;
    mergeCounts(counts, outcome.coverage);
    for (const f of outcome.findings) {
      const key = findingKey(f);
      const group = groups.get(key);
      if (group) {
        group.count += f.count;
        group.runs++;
        group.replay ??= outcome.replays[key] ?? null;
      } else {
        groups.set(key, {
          key,
          kind: f.kind,
          location: f.location,
          message: f.message,
          count: f.count,
          runs: 1,
          firstRun: outcome.run,
          firstStep: f.step,
          replay: outcome.replays[key] ?? null,
        });
      }
    }
  }
  const rank = (k: FindingKind) => FINDING_KINDS.indexOf(k);
  const findings = [...groups.values()].sort((a, b) => rank(a.kind) - rank(b.kind) || b.count - a.count || a.key.localeCompare(b.key));
  return { runs: sorted.length, totalSteps, endings, findings, counts };
}
