import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { applyPatch, parsePatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { main } from '../main';
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
    expect(failures).toContainEqual(
      expect.stringMatching(
        new RegExp(`game\\.js:${line}: the migrated game cannot be created on 0\\.50\\.2: .*playOrderField is not defined`),
      ),
    );
  });

  it('a typed (ctx: Ctx): IG => setup (once left as it was) takes the context object, and plays like the original: exit 0', async () => {
    const { code, failures, text } = await migrate(
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
    // The types stay: the context object is typed with the old parameters' types, the return type kept.
    expect(text).toContain('setup: ({ ctx }: { ctx: Ctx }): IG => ({ scores: Array(ctx.numPlayers).fill(0) }),');
    expect(text).toContain('score: ({ G, ctx }: { G: IG; ctx: Ctx }): IG => ({ scores: G.scores.map(');
    expect(failures).toEqual([]);
    expect(code).toBe(0);
  });

  it('a game re-exported from another file (bundle names such as poker_default once leaked): the defining file is migrated, exit 0', async () => {
    const { code, failures, text, err } = await migrate(
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
    // The config is migrated where it is written (game.js), in the user's names: no bundle names.
    expect(err).toContainEqual('the config is written in game.js, which is printed');
    expect(text).toContain("import poker from './poker';");
    expect(text).toContain('setup: () => ({ deck: poker.deck() }),');
    expect(text).not.toMatch(/poker_default|import_core/);
    expect(failures).toEqual([]);
    expect(code).toBe(0);
  });

  it('a difference between releases that a decision covers is reported as that decision', async () => {
    const { code, err } = await migrate({
      'game.js': PHASE_MOVES.replace(/\(G\) => \(\{ phaseMoves: 0 \}\)/g, '(G) => ({ ...G, phaseMoves: 0 })'),
    });
    expect(code).toBe(1);
    expect(err).toContainEqual(expect.stringMatching(/^decision  flow\.phases\.a\.endPhaseIf: /));
    expect(err).toContainEqual(
      expect.stringMatching(/^decision  step \d+ \(.*\) differs from the original on 0\.32\.1: .*which a decision above covers$/),
    );
  });

  it('a difference between releases that no note covers is a failure', async () => {
    const { code, err, failures } = await migrate({ 'game.js': PHASE_MOVES });
    expect(err.filter((l) => l.startsWith('decision'))).toEqual([]);
    expect(code).toBe(1);
    expect(failures).toEqual([
      expect.stringMatching(
        /^failure {3}step 2 \(inc\(\)\) differs from the original on 0\.32\.1: phase: "b" on 0\.32\.1, null on 0\.50\.2; G differs; possibly `phase-change-keeps-turn`, `endif-before-onbegin` \(docs\/migration\.md\)$/,
      ),
    ]);
  });

  describe('a game with its moves in other files (0.43)', () => {
    const files = {
      'package.json': JSON.stringify({ dependencies: { 'boardgame.io': '0.43.3' } }),
      'src/game.ts': `import { draw } from './moves/draw';
import pass from './moves/pass';
import type { Deck } from './types';

export const Cards = {
  name: 'cards',
  setup: () => ({ deck: ['a', 'b', 'c', 'd', 'e', 'f'], hand: [] as Deck }),
  moves: { draw, pass },
};
`,
      'src/moves/draw.ts': `// Draws a random card (the deck is shuffled each time).
export function draw(G: { deck: string[]; hand: string[] }, ctx: any) {
  const deck = ctx.random.Shuffle(G.deck);
  if (!deck.length) return { ...G };
  return { deck: deck.slice(1), hand: [...G.hand, deck[0]] };
}
`,
      'src/types.ts': `export type Deck = string[];\n`,
      'src/moves/pass.ts': `export default (G, ctx) => {
  ctx.events.endTurn();
};
`,
    };

    it('--out DIR: writes every file of the game under DIR (moves rewritten where they are written), originals untouched, exit 0', async () => {
      const dir = tempDirWith(files);
      const out = path.join(tempDirWith({}), 'migrated');
      const printed: string[] = [];
      const err: string[] = [];
      const code = await migrateCommand(
        path.join(dir, 'src', 'game.ts'),
        { verifySteps: 40, out },
        (l) => printed.push(l),
        (l) => err.push(l),
      );
      expect(err.filter((l) => l.startsWith('failure'))).toEqual([]);
      expect(code).toBe(0);
      expect(err).toContainEqual('also migrated: moves/draw.ts, moves/pass.ts');
      expect(err).toContainEqual(
        expect.stringMatching(/^check: the output loads on 0\.50\.2 and agrees with the original on 0\.43\.3 for 40 random steps$/),
      );
      // types.ts is imported only for types: the bundle never reads it, the migrated TypeScript needs it.
      expect(printed.sort()).toEqual([
        path.join(out, 'game.ts'),
        path.join(out, 'moves', 'draw.ts'),
        path.join(out, 'moves', 'pass.ts'),
        path.join(out, 'types.ts'),
      ]);
      expect(readFileSync(path.join(out, 'moves', 'draw.ts'), 'utf8')).toBe(`import type { FnContext } from 'boardgame.io';
// Draws a random card (the deck is shuffled each time).
export function draw({ G, random }: { G: { deck: string[]; hand: string[] }; random: FnContext['random'] }) {
  const deck = random.Shuffle(G.deck);
  if (!deck.length) return { ...G };
  return { deck: deck.slice(1), hand: [...G.hand, deck[0]] };
}
`);
      expect(readFileSync(path.join(out, 'game.ts'), 'utf8')).toContain("import { draw } from './moves/draw';");
      for (const [name, text] of Object.entries(files)) expect(readFileSync(path.join(dir, name), 'utf8')).toBe(text);
    });

    it('--out inside the game folder that would overwrite an original is refused (exit 2), nothing written', async () => {
      const dir = tempDirWith(files);
      const err: string[] = [];
      const code = await main(['migrate', path.join(dir, 'src', 'game.ts'), '--out', path.join(dir, 'src')], {
        print: () => {},
        warn: (l) => err.push(l),
      });
      expect(code).toBe(2);
      expect(err.join('\n')).toMatch(/--out .* would write over the original .*\.ts: choose a folder outside the game's files/);
      expect(readFileSync(path.join(dir, 'src', 'moves', 'pass.ts'), 'utf8')).toBe(files['src/moves/pass.ts']);
    });

    it('without --out: the game file is printed and the other migrated files are named', async () => {
      const dir = tempDirWith(files);
      const printed: string[] = [];
      const err: string[] = [];
      await migrateCommand(
        path.join(dir, 'src', 'game.ts'),
        { verifySteps: 0 },
        (l) => printed.push(l),
        (l) => err.push(l),
      );
      expect(printed.join('\n')).toContain('moves: { draw, pass },');
      expect(err).toContainEqual(
        'also migrated (not printed: write every file with --out DIR or see them with --diff): moves/draw.ts, moves/pass.ts',
      );
      expect(existsSync(path.join(dir, 'migrated'))).toBe(false);
    });
    it('--diff: a unified diff of each changed file that, applied to the originals, gives what --out writes; nothing written, exit 0', async () => {
      const dir = tempDirWith(files);
      const before = readdirSync(dir, { recursive: true }).sort();
      const printed: string[] = [];
      const err: string[] = [];
      const code = await main(['migrate', path.join(dir, 'src', 'game.ts'), '--diff', '--verify-steps', '20'], {
        print: (l) => printed.push(l),
        warn: (l) => err.push(l),
      });
      expect(code).toBe(0);
      expect(err).toContainEqual('also migrated: moves/draw.ts, moves/pass.ts');
      const patches = parsePatch(`${printed.join('\n')}\n`);
      expect(patches.map((p) => p.oldFileName)).toEqual(['a/moves/draw.ts', 'a/moves/pass.ts']);
      expect(printed).toContain('-export function draw(G: { deck: string[]; hand: string[] }, ctx: any) {');
      const out = path.join(tempDirWith({}), 'migrated');
      await migrateCommand(
        path.join(dir, 'src', 'game.ts'),
        { verifySteps: 0, out },
        () => {},
        () => {},
      );
      for (const patch of patches) {
        const name = patch.oldFileName!.slice(2);
        expect(applyPatch(files[`src/${name}` as keyof typeof files], patch)).toBe(readFileSync(path.join(out, name), 'utf8'));
      }
      expect(readdirSync(dir, { recursive: true }).sort()).toEqual(before);
    });

    it('--diff with --out is refused (exit 2)', async () => {
      const dir = tempDirWith(files);
      const err: string[] = [];
      const code = await main(['migrate', path.join(dir, 'src', 'game.ts'), '--diff', '--out', path.join(dir, 'x')], {
        print: () => {},
        warn: (l) => err.push(l),
      });
      expect(code).toBe(2);
      expect(err[0]).toMatch(/--diff .* --out .*choose one/);
      expect(existsSync(path.join(dir, 'x'))).toBe(false);
    });
  });
});
