import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { runCli as run } from '../testing/run-cli';
import { annotation } from './github-annotations';
import { sarifValidator } from './testing/sarif-validator';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const BAD_NEXT = `export const Bad = {
  setup: () => ({ n: 0 }),
  phases: {
    draw: {
      start: true,
      next: 'nowhere',
      moves: { go: ({ G }) => { G.n++; } },
    },
  },
};
`;

const COUNTER = `export default {
  setup: () => ({ n: 0 }),
  moves: { add: ({ G }) => { G.n++; } },
  turn: { minMoves: 1, maxMoves: 1 },
};
`;

const junitParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['testsuite', 'testcase'].includes(name),
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('lint --format sarif', () => {
  it('is a valid SARIF 2.1.0 log with one result per finding, at its file (relative to the project) and line', async () => {
    const dir = tempDirWith({ 'src/game.js': BAD_NEXT });
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    const linted = await run('lint', path.join(dir, 'src/game.js'), '--format', 'sarif');
    expect(linted.code).toBe(1);
    const log = JSON.parse(linted.out);
    const validate = sarifValidator();
    expect(validate(log)).toEqual([]);
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: {} }, results: [{ ruleId: 'x' }] }] })).not.toEqual([]);
    const [result, ...others] = log.runs[0].results;
    expect(others).toEqual([]);
    expect(result).toMatchObject({
      ruleId: 'unknown-next-phase',
      level: 'error',
      locations: [
        {
          physicalLocation: { artifactLocation: { uri: 'src/game.js', uriBaseId: 'SRCROOT' }, region: { startLine: 6, startColumn: 7 } },
        },
      ],
    });
    expect(result.message.text).toContain('phases.draw.next');
    expect(log.runs[0].tool.driver.rules[result.ruleIndex].id).toBe('unknown-next-phase');
  });

  it('refuses a format it does not write', async () => {
    const dir = tempDirWith({ 'game.js': COUNTER });
    const linted = await run('lint', path.join(dir, 'game.js'), '--format', 'xml');
    expect(linted.code).toBe(2);
    expect(linted.err).toContain('lint --format must be text or sarif, got xml');
  });
});

describe('GitHub Actions annotations', () => {
  it('prints each lint finding as ::error with its file and line when GITHUB_ACTIONS is set', async () => {
    const dir = tempDirWith({ 'game.js': BAD_NEXT });
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    vi.stubEnv('GITHUB_ACTIONS', 'true');
    const linted = await run('lint', path.join(dir, 'game.js'));
    expect(linted.out).toMatch(/^::error file=game\.js,line=6,col=7,title=flowscope lint%3A unknown-next-phase::phases\.draw\.next/m);
    vi.stubEnv('GITHUB_ACTIONS', '');
    expect((await run('lint', path.join(dir, 'game.js'))).out).not.toContain('::error');
  });

  it('escapes what would end a property or the message', () => {
    expect(annotation('warning', { file: '/p/a,b.js', line: 2 }, 'x: y', '50%\nnext', '/p')).toBe(
      '::warning file=a%2Cb.js,line=2,title=x%3A y::50%25%0Anext',
    );
  });
});

describe('--junit', () => {
  it('check: one test case per replay, a diverging one failed with what diverged', async () => {
    const dir = tempDirWith({ 'game.js': COUNTER });
    const game = path.join(dir, 'game.js');
    const good = path.join(dir, 'good.json');
    expect((await run('play', game, '--random', '4', '--seed', 's', '--out', good)).code).toBe(0);
    const replay = JSON.parse(readFileSync(good, 'utf8'));
    replay.expect[2].turn = 99;
    const bad = path.join(dir, 'bad.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(bad, JSON.stringify(replay));
    const report = path.join(dir, 'reports', 'check.xml');
    const checked = await run('check', game, good, bad, '--junit', report);
    expect(checked.code).toBe(1);
    const suites = junitParser.parse(readFileSync(report, 'utf8')).testsuites.testsuite;
    expect(suites).toHaveLength(1);
    const [passed, failed] = suites[0].testcase;
    expect(passed.name).toBe(path.relative(process.cwd(), good));
    expect(passed.failure).toBeUndefined();
    expect(failed.failure.message).toMatch(/^diverged at step 2: .* \(replay: .*bad\.json\)$/);
    expect(failed.failure['#text'] ?? '').toContain('turn');
  });

  it('explore: one test suite for the game, one test case per finding kind, the failed kind naming its minimal replay', async () => {
    const dir = tempDirWith({});
    const report = path.join(dir, 'explore.xml');
    const explored = await run(
      'explore',
      path.join(root, 'engine/explore/testing/rare-throw.ts'),
      '--runs',
      '6',
      '--steps',
      '40',
      '--workers',
      '1',
      '--seed',
      'cli',
      '--out',
      path.join(dir, 'replays'),
      '--junit',
      report,
    );
    expect(explored.code).toBe(1);
    const [suite] = junitParser.parse(readFileSync(report, 'utf8')).testsuites.testsuite;
    expect(suite.name).toMatch(/^rare-throw /);
    const byName = Object.fromEntries(suite.testcase.map((c: { name: string }) => [c.name, c]));
    expect(Object.keys(byName)).toEqual([
      'threw',
      'stuck',
      'dead-end',
      'loop-guard',
      'event-rejected',
      'event-dropped',
      'nondeterminism',
      'diagnostic',
    ]);
    expect(byName.threw.failure.message).toMatch(
      /^1 threw finding: moves\.pick: moves\.pick threw Error: no card after a seven .*\(minimal replay: .*replays\/01-threw-moves-pick\.json\)$/,
    );
    expect(byName.stuck.failure).toBeUndefined();
  });
});
