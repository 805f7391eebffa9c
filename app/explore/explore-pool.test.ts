import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findingKey, groupOutcomes, type RunOutcome } from '../../engine';
import type { ExploreJob } from './explore-job';
import { runExplorePool } from './explore-pool';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const job: ExploreJob = {
  file: path.join(root, 'engine/explore/testing/rare-throw.ts'),
  numPlayers: 2,
  setupData: undefined,
  options: { runs: 12, steps: 40, seed: 'pool' },
};
const runNumbers = (outcomes: readonly RunOutcome[]) => outcomes.map((o) => o.run).sort((a, b) => a - b);

describe("explore's worker pool", () => {
  it('plays every run once over three workers, and the report is the one worker’s', async () => {
    const one = await runExplorePool(job, 1, 30_000, () => {});
    const three = await runExplorePool(job, 3, 30_000, () => {}, undefined, { startAll: true });
    expect(one.started).toBe(1);
    expect(three.started).toBe(3);
    expect(runNumbers(three.outcomes)).toEqual([...Array(12).keys()]);
    expect(groupOutcomes(three.outcomes)).toEqual(groupOutcomes(one.outcomes));
    expect(groupOutcomes(one.outcomes).findings.length).toBeGreaterThan(0);
  });

  it('shrinks a finding once per worker, though the worker gets its runs in several batches', async () => {
    const { outcomes } = await runExplorePool(job, 1, 30_000, () => {});
    const showing = outcomes.filter((o) => o.findings.length > 0);
    expect(showing.length).toBeGreaterThan(1);
    const key = findingKey(showing[0].findings[0]);
    expect(outcomes.filter((o) => key in o.replays).map((o) => o.run)).toEqual([showing.sort((a, b) => a.run - b.run)[0].run]);
  });

  it('does not start a second worker that the runs left would not repay, and plays only a shard’s runs', async () => {
    const pool = await runExplorePool(job, 2, 30_000, () => {}, [1, 4, 7]);
    expect(pool.started).toBe(1);
    expect(runNumbers(pool.outcomes)).toEqual([1, 4, 7]);
  });
});
