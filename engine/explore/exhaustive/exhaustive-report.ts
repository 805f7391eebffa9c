import type { ChartModel } from '../../chart/model';
import type { GameConfig } from '../../types';
import { summariseCoverage, type CoverageSummary } from '../coverage';
import { FINDING_KINDS, findingKey } from '../findings';
import { withReplaySources, type ExploreReport, type FindingGroup } from '../report';
import { DEFAULT_MAX_STATES, type ExhaustiveResult } from './exhaustive';
import type { SearchAction } from './search-actions';

/** What `explore --exhaustive` adds to the report. */
export interface ExhaustiveSummary {
  distinctStates: number;
  /** Actions from the start to the deepest state found. */
  depth: number;
  /** Every reachable state (in this shard's slice) was expanded. */
  exhausted: boolean;
  stoppedBy: ExhaustiveResult['stoppedBy'];
  maxDepth: number | null;
  maxStates: number;
  /** States expanded, reducer calls, steps re-run traced. */
  expanded: number;
  transitions: number;
  traced: number;
  /** Bytes the table of seen states held. */
  tableBytes: number;
}

/** A finding of the search, with where its last action came from. */
export interface ExhaustiveFindingGroup extends FindingGroup {
  source: SearchAction['source'] | 'setup';
}

export type ExhaustiveReport = ExploreReport & { exhaustive: ExhaustiveSummary; findings: ExhaustiveFindingGroup[] };

/** The kinds of coverage item the search counts: states per phase and stage, game-over states, accepted moves. */
export function searchCovers(item: { id: string; kind: string }): boolean {
  return item.kind === 'phase' || item.kind === 'stage' || item.kind === 'move' || item.id === 'gameover';
}

/** Only what the search counts (turn passes and edges are random mode's). */
export function searchCoverage(summary: CoverageSummary): CoverageSummary {
  const items = summary.items.filter(searchCovers);
  return { items, neverReached: items.filter((i) => i.declared && i.count === 0) };
}

/**
 * The report of one exhaustive search, in the shape of a random exploration's: `endings` counts
 * distinct states (game over, stuck, left unexpanded at a limit), `totalSteps` the reducer calls,
 * and each finding has the shortest path to it as its replay.
 */
export function buildExhaustiveReport(
  meta: { game: string; bgio: string; numPlayers: number; config: GameConfig },
  model: ChartModel,
  options: { seed: string; maxDepth?: number; maxStates?: number },
  result: ExhaustiveResult,
): ExhaustiveReport {
  const rank = (k: FindingGroup['kind']) => FINDING_KINDS.indexOf(k);
  const findings: ExhaustiveFindingGroup[] = result.findings
    .map((f) => ({
      key: findingKey(f),
      kind: f.kind,
      location: f.location,
      message: f.message,
      count: f.count,
      runs: 1,
      firstRun: 0,
      firstStep: f.step,
      replay: f.replay,
      source: f.source,
      argSource: f.source === 'setup' ? null : f.source,
      argSources: f.source === 'setup' ? [] : [f.source],
    }))
    .map(withReplaySources)
    .sort((a, b) => rank(a.kind) - rank(b.kind) || b.count - a.count || a.key.localeCompare(b.key));
  return {
    game: meta.game,
    bgio: meta.bgio,
    numPlayers: meta.numPlayers,
    seed: options.seed,
    runs: 1,
    stepsPerRun: options.maxDepth ?? result.depth,
    totalSteps: result.transitions,
    endings: {
      gameover: result.gameover,
      stuck: result.stuck,
      steps: result.unexpanded,
      'setup-failed': result.stoppedBy === 'setup-failed' ? 1 : 0,
      'dead-end': result.deadEnd,
      'no-valid-arguments': 0,
    },
    findings,
    notes: [],
    coverage: searchCoverage(summariseCoverage(model, meta.config, result.coverage)),
    counts: result.coverage,
    exhaustive: {
      distinctStates: result.distinctStates,
      depth: result.depth,
      exhausted: result.exhausted,
      stoppedBy: result.stoppedBy,
      maxDepth: options.maxDepth ?? null,
      maxStates: options.maxStates ?? DEFAULT_MAX_STATES,
      expanded: result.expanded,
      transitions: result.transitions,
      traced: result.traced,
      tableBytes: result.tableBytes,
    },
  };
}
