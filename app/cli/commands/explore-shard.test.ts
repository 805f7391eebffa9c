import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { runCli as run } from '../testing/run-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const buggy = (name: string) => path.join(root, 'engine/explore/testing', `${name}.ts`);
const ticTacToe = path.join(root, 'fixtures/tic-tac-toe/game.ts');

/** Runs each shard with --json, writes its report, and merges them; returns the merged output. */
async function shardsMerged(argv: string[], count: number, json: boolean) {
  const dir = tempDirWith({});
  const files: string[] = [];
  for (let k = 1; k <= count; k++) {
    const shard = await run(...argv, '--shard', `${k}/${count}`, '--json');
    expect(shard.err).not.toMatch(/unexpected/);
    const file = path.join(dir, `shard-${k}.json`);
    writeFileSync(file, shard.out);
    files.push(file);
  }
  return run('explore', 'merge', ...files, ...(json ? ['--json'] : []));
}

describe('explore --shard and explore merge', () => {
  it('three shards of random runs merged print the report of the one-machine run', async () => {
    const argv = ['explore', buggy('rare-throw'), '--runs', '7', '--steps', '40', '--workers', '1', '--seed', 'shards'];
    const whole = await run(...argv, '--json');
    const merged = await shardsMerged(argv, 3, true);
    expect(merged.code).toBe(whole.code);
    const strip = (text: string) => {
      const report = JSON.parse(text);
      report.findings = report.findings.map(({ replayFile: _r, ...f }: { replayFile?: unknown }) => f);
      return report;
    };
    expect(strip(merged.out)).toEqual(strip(whole.out));
    expect(strip(whole.out).findings.length).toBeGreaterThan(0);
    const text = await shardsMerged(argv, 3, false);
    expect(text.out).toBe((await run(...argv)).out);
  }, 120_000);

  it('three shards of the exhaustive frontier merged count the distinct states of the whole search', async () => {
    const argv = ['explore', ticTacToe, '--exhaustive'];
    const merged = await shardsMerged(argv, 3, true);
    const report = JSON.parse(merged.out);
    expect(report.exhaustive.distinctStates).toBe(5478);
    expect(report.exhaustive.exhausted).toBe(true);
    expect(report.exhaustive.depth).toBe(9);
    expect(merged.code).toBe(0);
  }, 120_000);

  it('--exhaustive writes the shortest path to each finding as a replay that flowscope check accepts', async () => {
    const dir = tempDirWith({});
    const explored = await run('explore', buggy('rare-throw'), '--exhaustive', '--json', '--out', dir);
    expect(explored.code).toBe(1);
    const report = JSON.parse(explored.out);
    expect(report.exhaustive.exhausted).toBe(true);
    // Today's fields are all there.
    for (const field of ['endings', 'findings', 'coverage', 'counts', 'totalSteps', 'runs']) expect(report).toHaveProperty(field);
    const threw = report.findings.find((f: { kind: string }) => f.kind === 'threw');
    expect(threw).toMatchObject({ location: 'moves.pick', source: 'enumerate', count: expect.any(Number), runs: 1 });
    expect(threw.replay.actions).toHaveLength(2);
    const checked = await run('check', buggy('rare-throw'), threw.replayFile);
    expect(checked.out).toBe('ok: 2 steps replayed, 3 expectations hold');
    const text = await run('explore', buggy('rare-throw'), '--exhaustive', '--max-states', '50');
    expect(text.out.split('\n')[0]).toMatch(
      /^exhaustive: stopped at --max-states 50 \(50 distinct states, \d+ expanded, depth \d+ reached; not exhausted\)/,
    );
  }, 120_000);

  it('refuses what is not the shards of one run, in one line', async () => {
    const dir = tempDirWith({});
    const plain = path.join(dir, 'plain.json');
    writeFileSync(plain, (await run('explore', buggy('rare-throw'), '--runs', '2', '--steps', '10', '--workers', '1', '--json')).out);
    const merged = await run('explore', 'merge', plain);
    expect(merged.code).toBe(2);
    expect(merged.err).toBe("flowscope: report 1 is not a shard's report (write one with explore --shard K/N --json)");
    for (const bad of ['0/3', '3/2', 'x', '1/0', '2']) {
      const r = await run('explore', ticTacToe, '--shard', bad);
      expect(r.code).toBe(2);
      expect(r.err.split('\n')[0]).toBe(
        `flowscope: --shard must be K/N, the K-th of N slices with 1 <= K <= N (e.g. --shard 2/3), got ${bad}`,
      );
    }
    for (const [flag, value] of [
      ['--depth', '0'],
      ['--max-states', '-5'],
      ['--depth', 'x'],
    ]) {
      const r = await run('explore', ticTacToe, '--exhaustive', `${flag}=${value}`);
      expect(r.code).toBe(2);
      expect(r.err.split('\n')[0]).toBe(`flowscope: ${flag} must be an integer of at least 1, got ${value}`);
    }
    const noSearch = await run('explore', ticTacToe, '--max-states', '10');
    expect(noSearch.err.split('\n')[0]).toBe('flowscope: --max-states applies to --exhaustive only');
    const runs = await run('explore', ticTacToe, '--exhaustive', '--runs', '10');
    expect(runs.err.split('\n')[0]).toBe(
      'flowscope: --runs applies to random runs, not --exhaustive (which takes --depth and --max-states)',
    );
  }, 120_000);
});
