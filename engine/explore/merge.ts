import type { CoverageCounts, CoverageItem, CoverageKind, CoverageSummary } from './coverage';
import { searchCoverage, type ExhaustiveFindingGroup, type ExhaustiveReport } from './exhaustive/exhaustive-report';
import { StateTable } from './exhaustive/state-table';
import { FINDING_KINDS } from './findings';
import { groupOutcomes, type ExploreReport } from './report';
import type { RunOutcome } from './runs';

/** What a shard's report carries besides the report of its slice, so that `explore merge` can rebuild the whole one. */
export interface ShardInfo {
  /** K of `--shard K/N` (from 1). */
  index: number;
  count: number;
  mode: 'random' | 'exhaustive';
  /** Every coverage item the chart declares, with no counts: merged counts are summarised on it. */
  template: CoverageItem[];
  /** Random mode: every run's outcome. */
  outcomes?: RunOutcome[];
  /** Exhaustive mode: the depth whose frontier was split (null when the search ended first). */
  depth?: number | null;
  /** Exhaustive mode: every distinct state's 64-bit hash, base64 of (hi, lo) 32-bit pairs. */
  hashes?: string;
}

export type ShardReport = (ExploreReport | ExhaustiveReport) & { shard: ShardInfo };

/** A merge asked of reports that are not the shards of one run. */
export class MergeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MergeError';
  }
}

/** The coverage summary of merged counts, on the chart's items as a shard listed them (then any item first seen at run time). */
export function coverageFromTemplate(template: readonly CoverageItem[], counts: CoverageCounts): CoverageSummary {
  const items: CoverageItem[] = template.map((i) => ({ ...i, count: counts[i.id] ?? 0 }));
  const seen = new Set(items.map((i) => i.id));
  for (const id of Object.keys(counts)) {
    if (seen.has(id)) continue;
    const kind = id.split(':')[0] as CoverageKind;
    items.push({
      id,
      kind: (['phase', 'turn', 'stage', 'move'] as string[]).includes(kind) ? kind : 'edge',
      label: id,
      count: counts[id],
      declared: false,
    });
  }
  return { items, neverReached: items.filter((i) => i.declared && i.count === 0) };
}

/**
 * The report an unsharded run prints, from the reports of its shards (`--shard K/N --json`).
 * Random mode regroups every run's outcome, so totals, endings, findings with their counts and
 * replays, and coverage are exactly the whole run's. Exhaustive mode unites the shards' state
 * hashes (the distinct-state count is exact) and keeps each finding's shortest path; see
 * docs/explore.md for what it sums. `decode` turns a base64 hash list back into its numbers.
 * Returns the report and the shard numbers that were not given.
 */
export function mergeShardReports(
  reports: readonly unknown[],
  decode: (base64: string) => Uint32Array,
): { report: ExploreReport | ExhaustiveReport; missing: number[] } {
  if (!reports.length) throw new MergeError('explore merge needs the --json reports of the shards to merge');
  const shards = reports.map((r, i) => {
    const shard = (r as Partial<ShardReport> | null)?.shard;
    if (!shard || typeof shard.index !== 'number' || typeof shard.count !== 'number')
      throw new MergeError(`report ${i + 1} is not a shard's report (write one with explore --shard K/N --json)`);
    return r as ShardReport;
  });
  const first = shards[0];
  for (const r of shards) {
    for (const field of ['game', 'bgio', 'numPlayers', 'seed', 'stepsPerRun'] as const)
      if (r[field] !== first[field])
        throw new MergeError(
          `shard ${r.shard.index}/${r.shard.count} has ${field} ${String(r[field])}, shard ${first.shard.index} has ${String(first[field])}: not shards of one run`,
        );
    if (r.shard.count !== first.shard.count || r.shard.mode !== first.shard.mode)
      throw new MergeError(
        `shard ${r.shard.index}/${r.shard.count} (${r.shard.mode}) and shard ${first.shard.index}/${first.shard.count} (${first.shard.mode}) are not shards of one run`,
      );
  }
  const indexes = shards.map((r) => r.shard.index);
  const twice = indexes.find((k, i) => indexes.indexOf(k) !== i);
  if (twice !== undefined) throw new MergeError(`shard ${twice}/${first.shard.count} is given twice`);
  const missing = Array.from({ length: first.shard.count }, (_, i) => i + 1).filter((k) => !indexes.includes(k));
  const sorted = [...shards].sort((a, b) => a.shard.index - b.shard.index);
  const report =
    first.shard.mode === 'random' ? mergeRandom(sorted) : mergeExhaustive(sorted as (ExhaustiveReport & { shard: ShardInfo })[], decode);
  return { report, missing };
}

function mergeRandom(shards: readonly ShardReport[]): ExploreReport {
  const first = shards[0];
  const grouped = groupOutcomes(shards.flatMap((r) => r.shard.outcomes ?? []));
  return {
    game: first.game,
    bgio: first.bgio,
    numPlayers: first.numPlayers,
    seed: first.seed,
    runs: grouped.runs,
    stepsPerRun: first.stepsPerRun,
    totalSteps: grouped.totalSteps,
    endings: grouped.endings,
    findings: grouped.findings,
    notes: grouped.notes,
    coverage: coverageFromTemplate(first.shard.template, grouped.counts),
    counts: grouped.counts,
  };
}

function mergeExhaustive(
  shards: readonly (ExhaustiveReport & { shard: ShardInfo })[],
  decode: (base64: string) => Uint32Array,
): ExhaustiveReport {
  const first = shards[0];
  const table = new StateTable();
  const counts: CoverageCounts = {};
  const endings: ExploreReport['endings'] = { gameover: 0, stuck: 0, 'dead-end': 0, steps: 0, 'setup-failed': 0, 'no-valid-arguments': 0 };
  const findings = new Map<string, ExhaustiveFindingGroup>();
  let totalSteps = 0;
  const sum = { expanded: 0, transitions: 0, traced: 0, tableBytes: 0 };
  for (const r of shards) {
    const hashes = decode(r.shard.hashes ?? '');
    for (let i = 0; i + 1 < hashes.length; i += 2) table.add(hashes[i], hashes[i + 1], -1, 0);
    for (const [id, n] of Object.entries(r.counts)) counts[id] = (counts[id] ?? 0) + n;
    for (const k of Object.keys(endings) as (keyof typeof endings)[]) endings[k] += r.endings[k];
    totalSteps += r.totalSteps;
    for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += r.exhaustive[k];
    for (const f of r.findings) {
      const seen = findings.get(f.key);
      if (!seen) findings.set(f.key, { ...f });
      else {
        const count = seen.count + f.count;
        // Each shard's path is shortest within its slice: the shortest of them is the shortest overall.
        if ((f.replay?.actions.length ?? Infinity) < (seen.replay?.actions.length ?? Infinity)) findings.set(f.key, { ...f, count });
        else seen.count = count;
      }
    }
  }
  const rank = (k: ExhaustiveFindingGroup['kind']) => FINDING_KINDS.indexOf(k);
  const exhausted = shards.every((r) => r.exhaustive.exhausted);
  return {
    game: first.game,
    bgio: first.bgio,
    numPlayers: first.numPlayers,
    seed: first.seed,
    runs: 1,
    stepsPerRun: first.stepsPerRun,
    totalSteps,
    endings,
    findings: [...findings.values()].sort((a, b) => rank(a.kind) - rank(b.kind) || b.count - a.count || a.key.localeCompare(b.key)),
    notes: [],
    coverage: searchCoverage(coverageFromTemplate(first.shard.template, counts)),
    counts,
    exhaustive: {
      ...first.exhaustive,
      ...sum,
      distinctStates: table.size,
      depth: Math.max(...shards.map((r) => r.exhaustive.depth)),
      exhausted,
      stoppedBy: exhausted ? 'exhausted' : (shards.find((r) => !r.exhaustive.exhausted)?.exhaustive.stoppedBy ?? 'exhausted'),
    },
  };
}
