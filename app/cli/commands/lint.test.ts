import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { formatFindings, lintCommand, summarise } from './lint';

async function run(source: string, options: { game?: string } = {}) {
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
    expect(err).toEqual([]);
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
