import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { runCli as run } from '../testing/run-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const buggy = (name: string) => path.join(root, 'engine/explore/testing', `${name}.ts`);

describe('flowscope explore', () => {
  it('over two workers: exit 1, a JSON report, and one replay per finding that flowscope check accepts', async () => {
    const dir = tempDirWith({});
    const explored = await run(
      'explore',
      buggy('rare-throw'),
      '--runs',
      '6',
      '--steps',
      '40',
      '--workers',
      '2',
      '--all-workers',
      '--seed',
      'cli',
      '--json',
      '--out',
      dir,
    );
    expect(explored.code).toBe(1);
    expect(explored.err).not.toMatch(/workers/);
    const report = JSON.parse(explored.out);
    expect(report.runs).toBe(6);
    const threw = report.findings.find((f: { kind: string }) => f.kind === 'threw');
    expect(threw.location).toBe('moves.pick');
    // Where in the game's file it was thrown, through the bundle's source map.
    expect(threw.message).toBe('moves.pick threw Error: no card after a seven (at rare-throw.ts:8:42)');
    expect(existsSync(threw.replayFile)).toBe(true);
    const checked = await run('check', buggy('rare-throw'), threw.replayFile);
    expect(checked.out).toBe(`ok: ${threw.replay.actions.length} steps replayed, ${threw.replay.actions.length + 1} expectations hold`);
    // A replay says how game randomness ran, so check re-runs it the same way.
    expect(JSON.parse(readFileSync(threw.replayFile, 'utf8')).gameRandomness).toBe('seeded');
    const real = await run(
      'explore',
      buggy('rare-throw'),
      '--runs',
      '6',
      '--steps',
      '40',
      '--workers',
      '1',
      '--seed',
      'cli',
      '--json',
      '--out',
      tempDirWith({}),
      '--no-sandbox-random',
    );
    const realThrew = JSON.parse(real.out).findings.find((f: { kind: string }) => f.kind === 'threw');
    expect(JSON.parse(readFileSync(realThrew.replayFile, 'utf8')).gameRandomness).toBe('real');
    // The same seed gives the same report on one worker, which is all six runs start when two are asked for.
    const single = await run('explore', buggy('rare-throw'), '--runs', '6', '--steps', '40', '--workers', '2', '--seed', 'cli', '--json');
    expect(single.err).toContain(
      "explore used 1 of 2 workers: too few runs to repay another worker's start-up (--all-workers starts them all)",
    );
    const { findings, ...rest } = JSON.parse(single.out);
    const { findings: findings2, ...rest2 } = report;
    expect(rest).toEqual(rest2);
    expect(findings.map((f: { replayFile: unknown }) => ({ ...f, replayFile: null }))).toEqual(
      findings2.map((f: { replayFile: unknown }) => ({ ...f, replayFile: null })),
    );
  });

  it('exit 0 and "no findings" on a game without flow bugs; bad options are refused', async () => {
    const clean = await run('explore', path.join(root, 'fixtures/tic-tac-toe/game.ts'), '--runs', '3', '--steps', '12', '--workers', '1');
    expect(clean.code).toBe(0);
    expect(clean.out).toContain('no findings');
    expect(clean.out).toMatch(/^3 runs, \d+ steps/);
    const bad = await run('explore', buggy('rare-throw'), '--runs', '0');
    expect(bad.code).toBe(2);
    // One line and a pointer to --help, not the whole usage text.
    expect(bad.err).toBe(
      'flowscope: --runs must be an integer from 1 to 1000000, got 0\nRun `flowscope --help` for the commands and their options.',
    );
  });

  it('plays within minPlayers/maxPlayers by default, refuses a count outside it, and blames boardgame.io for a refused config', async () => {
    const game = (name: string) =>
      `export default { name: '${name}', minPlayers: 4, maxPlayers: 4, setup: ({ ctx }) => ({ seats: ctx.numPlayers }), moves: { sit: ({ G }) => G } };\n`;
    const dir = tempDirWith({ 'four.js': game('four'), 'spaced.js': game('four seats') });
    const fine = await run('explore', path.join(dir, 'four.js'), '--runs', '2', '--steps', '5', '--workers', '1', '--json');
    expect(fine.code).toBe(0);
    expect(JSON.parse(fine.out).numPlayers).toBe(4);
    const two = await run('explore', path.join(dir, 'four.js'), '--players', '2', '--runs', '2', '--workers', '1');
    expect(two.code).toBe(2);
    expect(two.err).toContain('four is for exactly 4 players (minPlayers/maxPlayers), not 2');
    const spaced = await run('explore', path.join(dir, 'spaced.js'), '--runs', '1', '--steps', '5', '--workers', '1', '--json');
    expect(spaced.code).toBe(1);
    expect(JSON.parse(spaced.out).findings.map((f: { kind: string; location: string }) => `${f.kind}@${f.location}`)).toEqual([
      'threw@boardgame.io',
    ]);
  });

  it('lists what no run reached, each named once', async () => {
    const dir = tempDirWith({
      'gap.js': `export default {
  phases: {
    a: { start: true, next: 'b', moves: { go: ({ events }) => events.endPhase() }, turn: { stages: { idle: {} } } },
    b: { moves: { never: ({ G }) => { throw new Error('never works'); } } },
    c: {},
  },
  events: { endTurn: false, endPhase: false, setPhase: false, endGame: false, setActivePlayers: false, setStage: false, endStage: false },
};
`,
    });
    const { out } = await run('explore', path.join(dir, 'gap.js'), '--runs', '2', '--steps', '10', '--workers', '1');
    const lines = out.split('\n').filter((l) => l.includes('never reached: '));
    expect(lines).toEqual(
      expect.arrayContaining([
        '  never reached: phase c',
        expect.stringMatching(/^ {2}never reached: turn in c: /),
        '  never reached: stage idle (a)',
        '  never reached: move phases.b.moves.never',
      ]),
    );
    expect(lines.some((l) => /never reached: edge /.test(l))).toBe(true);
    expect(out).not.toMatch(/never reached: (phase phase|turn turn|stage stage)/);
  });

  it('game code that never returns stops the exploration with the function named (exit 2)', async () => {
    const dir = tempDirWith({
      'hang.js': 'export default { setup: () => ({ n: 0 }), moves: { step: ({ G }) => { G.n++; if (G.n === 3) for (;;) {} } } };\n',
    });
    const hung = await run('explore', path.join(dir, 'hang.js'), '--runs', '2', '--steps', '10', '--workers', '1', '--timeout', '1');
    expect(hung.code).toBe(2);
    expect(hung.err).toMatch(/stopped after 1 s without progress while playing run 0, inside moves\.step/);
  });
});
