import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { formatFindings, lintCommand, summarise } from './lint';

async function run(source: string, options: { game?: string; players?: number; bgio?: string; setupData?: unknown } = {}) {
  const dir = tempDirWith({ 'game.ts': source });
  const out: string[] = [];
  const err: string[] = [];
  const code = await lintCommand(
    path.join(dir, 'game.ts'),
    options,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out, err };
}

const CLEAN = `
import { TurnOrder } from 'boardgame.io/core';
export default {
  name: 'clean',
  setup: () => ({ n: 0 }),
  phases: {
    draw: { start: true, moves: { draw: ({ G }) => { G.n++; } }, endIf: ({ G }) => G.n > 2, next: 'play' },
    play: { moves: { play: ({ G }) => { G.n--; } }, turn: { order: TurnOrder.ONCE }, onEnd: ({ G }) => { G.n = 0; }, next: 'draw' },
  },
};
`;

const BROKEN = `
export default {
  name: 'broken',
  setup: () => ({ n: 0 }),
  moves: { shout: ({ G }) => { G.n++; } },
  phases: {
    draw: { start: true, moves: { draw: ({ G }) => { G.n++; } }, next: 'paly' },
    play: { moves: { play: (G, ctx) => { G.n--; } }, next: 'draw' },
  },
};
`;

describe('flowscope lint', () => {
  it('exits 0 and says so when the game has no problems', async () => {
    const { code, out, err } = await run(CLEAN);
    expect(code).toBe(0);
    expect(out).toEqual(['no problems found']);
    expect(err).toEqual([]);
  });

  it('prints one aligned line per finding, errors first, and exits 1 when there is an error', async () => {
    const { code, out, err } = await run(BROKEN);
    expect(code).toBe(1);
    // A (G, ctx) move in a game whose release was guessed (no package.json): the guess is named.
    expect(err).toEqual([
      expect.stringMatching(/^note: boardgame\.io 0\.50\.2 is a guess \(no package\.json names boardgame\.io; chosen from the code\)/),
    ]);
    expect(out).toHaveLength(5);
    expect(out[0]).toMatch(/^error {3}unknown-next-phase {2}phases\.draw\.next: Phase `draw` has `next: 'paly'`/);
    expect(out[1]).toMatch(
      /^error {3}legacy-signature {4}phases\.play\.moves\.play: `phases\.play\.moves\.play` is written with the pre-0\.50 `\(G, ctx\)` signature/,
    );
    expect(out[2]).toMatch(/^warning unreachable-move {4}moves\.shout: Global move `shout` is never offered/);
    expect(out[3]).toMatch(/^warning unreachable-phase {3}phases\.play: Phase `play` is never entered/);
    expect(out[4]).toBe('2 errors, 2 warnings');
  });

  it('lints the game chosen with --game', async () => {
    const source = `${CLEAN.replace('export default', 'export const Clean =')}\nexport const Other = { setup: () => ({}), phases: { a: { start: true }, b: { start: true } } };`;
    const { code, out } = await run(source, { game: 'Other' });
    expect(code).toBe(1);
    expect(out[0]).toMatch(/^error {3}multiple-start {5}phases\.b\.start: Phases `a` and `b` both have `start: true`/);
    expect(out.at(-1)).toBe('1 error, 1 warning');
  });

  it('reports a game its release refuses to create as an error, as every command that runs it would stop', async () => {
    const spaced = await run(CLEAN.replace("name: 'clean'", "name: 'my game'"));
    expect(spaced.code).toBe(1);
    expect(spaced.out).toEqual([
      'error   game-not-created  boardgame.io 0.50.2 rejected the game config: Error: my game: Game name must not include spaces ' +
        '(2 players, no setup data: give it with --setup-data if the game needs some): every command that runs the game stops there too.',
      '1 error',
    ]);
    // The flow API's games too (only created: the rest of the run reads the phases API).
    const legacy = await run(
      `export default { name: 'old', setup: () => { throw new Error('no deck'); }, moves: { a: (G) => G }, flow: { endTurn: true } };`,
      { bgio: '0.32.1' },
    );
    expect(legacy.code).toBe(1);
    // Where it threw, in the game's own file (through the bundle's source map).
    expect(legacy.out[0]).toMatch(
      /^error {3}game-not-created {2}setup threw while the game was being created: Error: no deck \(at game\.ts:1:52\)/,
    );
    // A game that asks for setup data lint cannot give is not reported.
    const needsData = await run(
      CLEAN.replace(
        'setup: () => ({ n: 0 }),',
        "setup: ({}, data) => ({ n: data.start }), validateSetupData: (data) => (data ? undefined : 'start is required'),",
      ),
    );
    expect(needsData.out).toEqual(['no problems found']);
  });

  it('runs the game with the setup data given (--setup-data), and says when none was', async () => {
    const needs = CLEAN.replace('setup: () => ({ n: 0 }),', 'setup: (_, data) => ({ n: data.start }),');
    const without = await run(needs);
    expect(without.code).toBe(1);
    expect(without.out[0]).toMatch(
      /^error {3}game-not-created .*\(2 players, no setup data: give it with --setup-data if the game needs some\)/,
    );
    expect((await run(needs, { setupData: { start: 0 } })).out).toEqual(['no problems found']);
  });

  it('refuses a player count outside minPlayers/maxPlayers, and lints within it by default', async () => {
    const four = CLEAN.replace("name: 'clean',", "name: 'four', minPlayers: 4, maxPlayers: 4,");
    await expect(run(four, { players: 2 })).rejects.toThrow('four is for exactly 4 players (minPlayers/maxPlayers), not 2');
    expect((await run(four)).out).toEqual(['no problems found']);
  });

  it('summarises and formats', () => {
    expect(summarise([])).toBe('no problems found');
    expect(summarise([{ code: 'dynamic-next', severity: 'info', message: 'm' }])).toBe('no problems found, 1 info');
    expect(
      summarise([
        { code: 'a', severity: 'warning', message: 'm' },
        { code: 'b', severity: 'info', message: 'm' },
      ]),
    ).toBe('1 warning, 1 info');
    expect(formatFindings([{ code: 'x', severity: 'info', message: 'no path' }])).toEqual(['info    x  no path']);
  });
});
