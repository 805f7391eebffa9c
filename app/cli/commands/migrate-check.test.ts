import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { migrateCommand } from './migrate';

/** Phases that count their moves in G, reset by onPhaseBegin (≤0.32 ran it before endPhaseIf, 0.33+ after). */
const PHASE_MOVES = `import { Game } from 'boardgame.io/core';
export default Game({
  name: 'phase-moves',
  setup: () => ({ phaseMoves: 0 }),
  moves: { inc: (G) => ({ phaseMoves: G.phaseMoves + 1 }) },
  flow: {
    startingPhase: 'a',
    phases: {
      a: { onPhaseBegin: (G) => ({ phaseMoves: 0 }), endPhaseIf: (G) => G.phaseMoves >= 2, next: 'b' },
      b: { onPhaseBegin: (G) => ({ phaseMoves: 0 }), endPhaseIf: (G) => G.phaseMoves >= 2, next: 'a' },
    },
  },
});
`;

const PKG_032 = JSON.stringify({ dependencies: { 'boardgame.io': '^0.32.0' } });

/** Migrates `entry` of a 0.32 game made of `files`, checking 40 random steps. */
async function migrate(files: Record<string, string>, entry = 'game.js') {
  const dir = tempDirWith({ 'package.json': PKG_032, ...files });
  const out: string[] = [];
  const err: string[] = [];
  const code = await migrateCommand(
    path.join(dir, entry),
    { verifySteps: 40 },
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return {
    code,
    dir,
    text: `${out.join('\n')}\n`,
    err,
    failures: err.filter((l) => l.startsWith('failure')),
  };
}

describe('flowscope migrate checks its own output', () => {
  it('a setup made by a helper (its text cannot be written): the FLOWSCOPE stub is a failure at file:line, exit 1', async () => {
    const { code, failures, err } = await migrate({
      'game.js': `import { Game } from 'boardgame.io/core';
function makeSetup(size) {
  return (ctx) => ({ cells: Array(size).fill(null) });
}
export default Game({ name: 'closure', setup: makeSetup(9), moves: { mark: (G, ctx) => G }, flow: { movesPerTurn: 1 } });
`,
    });
    expect(code).toBe(1);
    expect(failures).toContainEqual(expect.stringMatching(/^failure {3}\S*game\.js:\d+: left unwritten: setup: write this function/));
    expect(failures).toContainEqual(expect.stringMatching(/the migrated game cannot be created on 0\.50\.2: setup threw/));
    expect(err.at(-1)).toMatch(/no decision needed, but 2 failures$/);
  });

  it('TurnOrder.CUSTOM_FROM copied without its closure: "playOrderField is not defined" at the line that reads it, exit 1', async () => {
    const { code, text, failures } = await migrate({
      'game.js': `import { Game, TurnOrder } from 'boardgame.io/core';
export default Game({
  name: 'custom',
  setup: () => ({ order: ['1', '0'], n: 0 }),
  moves: { inc: (G) => ({ ...G, n: G.n + 1 }) },
  flow: { movesPerTurn: 1, turnOrder: TurnOrder.CUSTOM_FROM('order') },
});
`,
    });
    expect(code).toBe(1);
    const line = text.split('\n').findIndex((l) => l.includes('playOrderField')) + 1;
    expect(line).toBeGreaterThan(0);
    expect(failures).toContainEqual(expect.stringMatching(new RegExp(`game\\.js:${line}: the migrated game cannot be created on 0\\.50\\.2: .*playOrderField is not defined`)));
  });

  it('a typed (ctx: Ctx): IG => setup left as it was: setup disagrees at step 0, exit 1', async () => {
    const { code, failures } = await migrate(
      {
        'game.ts': `import { Game } from 'boardgame.io/core';
interface Ctx { numPlayers: number; currentPlayer: string }
interface IG { scores: number[] }
export const Typed = Game({
  name: 'typed',
  setup: (ctx: Ctx): IG => ({ scores: Array(ctx.numPlayers).fill(0) }),
  moves: { score: (G: IG, ctx: Ctx): IG => ({ scores: G.scores.map((s, i) => (String(i) === ctx.currentPlayer ? s + 1 : s)) }) },
  flow: { movesPerTurn: 1 },
});
`,
      },
      'game.ts',
    );
    expect(code).toBe(1);
    expect(failures).toContainEqual(expect.stringMatching(/step 0 \(setup\) differs from the original on 0\.32\.1: G differs/));
  });

  it('a game re-exported from another file: output that cannot load is a failure, exit 1', async () => {
    const { code, failures } = await migrate(
      {
        'index.js': `export { default } from './game';\n`,
        'game.js': `import { Game } from 'boardgame.io/core';
import poker from './poker';
export default Game({ name: 'poker', setup: () => ({ deck: poker.deck() }), moves: { draw: (G) => ({ deck: G.deck.slice(1) }) }, flow: { movesPerTurn: 1 } });
`,
        'poker.js': `export default { deck: () => ['a', 'b', 'c'] };\n`,
      },
      'index.js',
    );
    expect(code).toBe(1);
    expect(failures.join('\n')).toMatch(/does not load on 0\.50\.2|poker_default is not defined|differs/);
  });

  it('a difference between releases that a decision covers is reported as that decision', async () => {
    const { code, err } = await migrate({
      'game.js': PHASE_MOVES.replace(/\(G\) => \(\{ phaseMoves: 0 \}\)/g, '(G) => ({ ...G, phaseMoves: 0 })'),
    });
    expect(code).toBe(1);
    expect(err).toContainEqual(expect.stringMatching(/^decision  flow\.phases\.a\.endPhaseIf: /));
    expect(err).toContainEqual(expect.stringMatching(/^decision  step \d+ \(.*\) differs from the original on 0\.32\.1: .*which a decision above covers$/));
  });

  it('a difference between releases that no note covers is a failure', async () => {
    const { code, err, failures } = await migrate({ 'game.js': PHASE_MOVES });
    expect(err.filter((l) => l.startsWith('decision'))).toEqual([]);
    expect(code).toBe(1);
    expect(failures).toEqual([
      expect.stringMatching(/^failure {3}step 2 \(inc\(\)\) differs from the original on 0\.32\.1: phase: "b" on 0\.32\.1, null on 0\.50\.2; G differs; possibly `endif-before-onbegin`/),
    ]);
  });
});
