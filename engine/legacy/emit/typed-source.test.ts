/**
 * migrateSource on games written in TypeScript and JSX: the edits go through the AST, so the text
 * outside the rewritten nodes (comments, formatting, types, JSX) comes out byte for byte, typed
 * parameters keep their types, and the output type-checks against boardgame.io 0.50's own types
 * and plays like migrateConfig's object.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { bgio050, RandomPlayer, Session } from '../../index';
import type { GameConfig } from '../../types';
import { migrateSource } from './migrate-source';
import { migrateConfig } from './migrate-config';
import { legacyCoreModule } from '../analysis/read-legacy';
import { quiet } from '../../testing/quiet-console';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const core050 = require('boardgame.io/dist/cjs/core.js');

/** Evaluates module source (TS, or JSX with `loader: 'jsx'`) with `boardgame.io/core` resolved to `core`; its default export. */
function evaluate(source: string, core: unknown, loader: 'ts' | 'tsx' | 'jsx' = 'ts'): GameConfig {
  const { code } = esbuild.transformSync(source, { loader, format: 'cjs', target: 'node20' });
  const module = { exports: {} as Record<string, unknown> };
  const req = (id: string) => (id.startsWith('boardgame.io') ? core : require(id));
  new Function('exports', 'require', 'module', 'React', code)(module.exports, req, module, { createElement: () => null });
  return module.exports.default as GameConfig;
}

/** The same random game on two configs on 0.50.2 (actions chosen on the first): identical steps. */
function sameBehaviour(a: GameConfig, b: GameConfig, numPlayers: number, steps = 80) {
  const one = quiet(() => new Session({ runtime: bgio050, config: a, numPlayers, seed: 'typed' }));
  const two = quiet(() => new Session({ runtime: bgio050, config: b, numPlayers, seed: 'typed' }));
  const bot = new RandomPlayer({ seed: 'typed', restartOnGameOver: true });
  let played = 0;
  for (let i = 0; i < steps; i++) {
    const action = bot.choose(one);
    if (!action) break;
    const x = quiet(() => one.dispatch(action));
    const y = quiet(() => two.dispatch(action));
    expect([i, y.ok, y.ctx, two.currentState.G]).toEqual([i, x.ok, x.ctx, one.currentState.G]);
    played++;
  }
  expect(played).toBeGreaterThan(10);
}

const libraryFiles = new Map<string, ts.SourceFile | undefined>();

/** TypeScript's diagnostics for `source` as a strict `.ts` file in this repository (boardgame.io 0.50's types). */
function typeErrors(source: string): string[] {
  const file = path.join(root, 'engine', 'legacy', '__typed_game__.ts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, version, ...rest) => {
    if (name === file) return ts.createSourceFile(name, source, version);
    // boardgame.io's and TypeScript's own declaration files are read once for every check.
    if (!libraryFiles.has(name)) libraryFiles.set(name, getSourceFile.call(host, name, version, ...rest));
    return libraryFiles.get(name);
  };
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? source : readFile.call(host, name));
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

/** A 0.43-era TypeScript game: typed `(G, ctx)` functions, comments everywhere, `as const`, a generic helper. */
const TS_GAME = `import type { Ctx } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';

// The state: a row of cells and the points each player has.
interface IG {
  cells: (string | null)[];
  points: Record<string, number>; // by player ID
}

const SIZE = 6 as const;

/** Picks a random empty cell (a generic helper the moves share). */
function pick<T>(items: T[], roll: number): T | undefined {
  return items[Math.floor(roll * items.length)];
}

export default {
  name: 'typed-cells',

  setup: (ctx: Ctx): IG => ({
    cells: Array(SIZE).fill(null),
    points: Object.fromEntries(ctx.playOrder.map((p) => [p, 0])),
  }),

  moves: {
    /* Claims a cell; the turn ends by itself. */
    claim(G: IG, ctx: Ctx, id: number): IG | typeof INVALID_MOVE {
      if (G.cells[id] !== null) return INVALID_MOVE; // taken
      const cells = [...G.cells];
      cells[id] = ctx.currentPlayer;
      ctx.events!.endTurn!();
      return { ...G, cells };
    },
    // A lucky claim: a random empty cell.
    lucky: (G: IG, ctx: any): IG => {
      const empty = G.cells.flatMap((c, i) => (c === null ? [i] : []));
      const id = pick(empty, ctx.random.Number());
      if (id === undefined) return G;
      const cells = [...G.cells];
      cells[id] = ctx.currentPlayer;
      return { ...G, cells, points: { ...G.points, [ctx.currentPlayer]: G.points[ctx.currentPlayer] + 1 } };
    },
  },

  turn: { minMoves: 1, maxMoves: 1 },

  endIf: (G: IG) => (G.cells.every((c) => c !== null) ? { draw: true } : undefined),

  ai: { enumerate: (G: IG) => G.cells.flatMap((c, i) => (c === null ? [{ move: 'claim', args: [i] }, { move: 'lucky', args: [] }] : [])) },
};
`;

/** A ≤0.32 game in a .jsx file beside its board component: the flow API, JSX kept as written. */
const JSX_GAME = `import { Game, TurnOrder } from 'boardgame.io/core';

// The board: plain JSX the migration must not touch.
export const Board = ({ G, moves }) => (
  <div className="board">
    {G.pile.map((card, i) => (
      <button key={i} onClick={() => moves.take(i)} title={\`take \${card}\`}>
        {card /* shown face up */}
      </button>
    ))}
  </div>
);

export default Game({
  name: 'jsx-pile',
  setup: () => ({ pile: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], taken: {} }),
  moves: {
    take: (G, ctx, i) => {
      const pile = G.pile.filter((_, k) => k !== i);
      return { ...G, pile, taken: { ...G.taken, [ctx.currentPlayer]: (G.taken[ctx.currentPlayer] || 0) + 1 } };
    },
  },
  flow: {
    turnOrder: TurnOrder.DEFAULT,
    movesPerTurn: 1,
    endGameIf: (G) => (G.pile.length === 0 ? { winner: '0' } : undefined), // every card taken
  },
});
`;

const linesOutside = (source: string, changed: RegExp) => source.split('\n').filter((l) => !changed.test(l));

describe('migrateSource on TypeScript and JSX games', () => {
  const tsCore = legacyCoreModule(undefined, '0.43.3');
  const tsConfig = evaluate(TS_GAME, tsCore);
  const tsOut = migrateSource(TS_GAME, tsConfig, { release: '0.43.3' });

  it('keeps every line the migration does not rewrite byte for byte, comments and types included', () => {
    // The lines that change: the parameter lists and the `ctx.` members that moved.
    const rewritten = /endIf: \(G: IG\)|setup: \(ctx: Ctx\)|claim\(G: IG, ctx: Ctx|lucky: \(G: IG, ctx: any\)|ctx\.(events|random)/;
    const out = tsOut.split('\n');
    for (const line of linesOutside(TS_GAME, rewritten)) expect(out).toContain(line);
    expect(tsOut).toContain('/* Claims a cell; the turn ends by itself. */');
    expect(tsOut).toContain('if (G.cells[id] !== null) return INVALID_MOVE; // taken');
  });

  it('turns typed (G, ctx) parameters into a typed context object and keeps the return types', () => {
    expect(tsOut).toContain('setup: ({ ctx }: { ctx: Ctx }): IG => ({');
    expect(tsOut).toContain(
      "claim({ G, ctx, events }: { G: IG; ctx: Ctx; events: FnContext['events'] }, id: number): IG | typeof INVALID_MOVE {",
    );
    expect(tsOut).toContain('      events!.endTurn!();');
    expect(tsOut).toContain("lucky: ({ G, ctx, random }: { G: IG; ctx: any; random: FnContext['random'] }): IG => {");
    expect(tsOut).toContain('const id = pick(empty, random.Number());');
    expect(tsOut).toContain("import type { FnContext } from 'boardgame.io';");
    expect(tsOut).toContain('endIf: ({ G }: { G: IG }) => (G.cells.every(');
  });

  it('type-checks against boardgame.io 0.50 (strict), as the original did against its own types', () => {
    const typed = tsOut.replace('export default {', "import type { Game } from 'boardgame.io';\n\nexport default <Game<IG>>{");
    expect(typeErrors(typed)).toEqual([]);
  }, 30_000);

  it('plays on 0.50.2 exactly like migrateConfig’s object', () => {
    sameBehaviour(migrateConfig(tsConfig, { release: '0.43.3' }).config, evaluate(tsOut, core050), 2);
  });

  it('a ≤0.32 flow game in a .jsx file: the board’s JSX is untouched, the config migrated, and it plays the same', () => {
    const core032 = legacyCoreModule(require('bgio-0.32/dist/core.js'), '0.32.1');
    const config = evaluate(JSX_GAME, core032, 'jsx');
    const out = migrateSource(JSX_GAME, config, { release: '0.32.1' });
    const board = JSX_GAME.slice(0, JSX_GAME.indexOf('export default Game('));
    expect(
      out.startsWith(
        board.replace("import { Game, TurnOrder } from 'boardgame.io/core';", "import { TurnOrder } from 'boardgame.io/core';"),
      ),
    ).toBe(true);
    expect(out).toContain('take: ({ G, ctx }, i) => {');
    expect(out).toContain("(G.pile.length === 0 ? { winner: '0' } : undefined), // every card taken");
    expect(out).not.toContain('flow:');
    sameBehaviour(migrateConfig(config, { release: '0.32.1' }).config, evaluate(out, core050, 'jsx'), 2);
  });
  it('moves kept in an object of their own (`moves: { place: Moves.place }`) are rewritten where they are written, typed even when only a moved member is used', () => {
    const source = `import type { Ctx } from 'boardgame.io';

interface IG {
  cells: string[];
}

// The moves, shared by the phases.
export const Moves = {
  place: (G: IG, ctx: Ctx, i: number): IG => ({ cells: G.cells.map((c, k) => (k === i ? ctx.currentPlayer : c)) }),
  pass: (G: IG, ctx: Ctx) => {
    ctx.events!.endTurn!();
  },
};

export default {
  name: 'member-moves',
  setup: (): IG => ({ cells: ['', '', '', ''] }),
  moves: { place: Moves.place, pass: Moves.pass },
  turn: {
    moveLimit: 1, // one move each
  },
  ai: { enumerate: () => [{ move: 'place', args: [0] }, { move: 'place', args: [3] }, { move: 'pass', args: [] }] },
};
`;
    const config = evaluate(source, tsCore);
    const out = migrateSource(source, config, { release: '0.43.3' });
    expect(out).toContain('  place: ({ G, ctx }: { G: IG; ctx: Ctx }, i: number): IG => ({ cells: G.cells.map(');
    expect(out).toContain("  pass: ({ events }: { events: FnContext['events'] }) => {\n    events!.endTurn!();");
    expect(out).toContain('  moves: { place: Moves.place, pass: Moves.pass },');
    expect(out).toContain('// The moves, shared by the phases.');
    expect(out).toContain('  turn: {\n    minMoves: 1,\n    maxMoves: 1, // one move each\n  },');
    expect(typeErrors(out.replace('export default {', "import type { Game } from 'boardgame.io';\n\nexport default <Game<IG>>{"))).toEqual(
      [],
    );
    sameBehaviour(migrateConfig(config, { release: '0.43.3' }).config, evaluate(out, core050), 2);
  }, 30_000);
});
