import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LocalFiles } from '../../../source/source-index';
import { bgio050 } from '../../../runtime/bgio-050/bgio050-runtime';
import { Session } from '../../../session/session';
import type { GameConfig } from '../../../types';
import typedBid from '../../testing/typed-bid/game';
import typedBidBug from '../../testing/typed-bid/game-with-bug';
import { chartOf } from '../../../chart/build';
import { buildReport } from '../../report';
import { exploreRuns } from '../../runs';
import { candidateActions } from '../candidates';
import { declaredArguments } from './declared-arguments';

/** Game files held in memory, resolved as a bundler resolves relative imports (`./rules` → `/game/rules.ts`). */
function memoryFiles(files: Record<string, string>): LocalFiles {
  return {
    read: (file) => files[file],
    resolve: (from, specifier) => {
      if (!specifier.startsWith('.')) return null;
      const base = path.posix.join(path.posix.dirname(from), specifier);
      return [base, `${base}.ts`, `${base}/index.ts`].find((f) => f in files) ?? null;
    },
  };
}

function declaredIn(files: Record<string, string>, config: GameConfig) {
  return declaredArguments(config, 'context', { file: '/game/game.ts', source: files['/game/game.ts'] }, memoryFiles(files));
}

/** A stand-in for the loaded move: only its name and parameter count matter (they find a move under a computed key). */
const move = (name: string, arity: number) =>
  Object.defineProperties(() => undefined, { name: { value: name }, length: { value: arity } }) as (...args: unknown[]) => unknown;

describe('declaredArguments: what the game’s TypeScript says a client may send', () => {
  it('literal unions and a type alias of them, inline in `moves`; the context parameter is skipped', () => {
    const files = {
      '/game/game.ts': `
        type Trump = 'H' | 'S' | 'none';
        export const game = { name: 'g', moves: {
          bid: ({ G }: any, points: 80 | 90 | 100, trump: Trump, sure: boolean) => {},
          pass({ G }: any, reason?: 'weak' | 'late') {},
          double: { move: ({ G }: any, times: 2 | 4) => {}, client: false },
        } };`,
    };
    const declared = declaredIn(files, {
      name: 'g',
      moves: { bid: move('bid', 4), pass: move('pass', 2), double: { move: move('double', 2) } },
    });
    expect(declared['moves.pass']).toEqual([{ values: ['weak', 'late'] }]);
    expect(declared['moves.double']).toEqual([{ values: [2, 4] }]);
    expect(declared['moves.bid']).toEqual([{ values: [80, 90, 100] }, { values: ['H', 'S', 'none'] }, { values: [true, false] }]);
  });

  it('an enum (string and numeric, const enum too) imported from another file, with an imported named move in a phase and a stage', () => {
    const files = {
      '/game/suit.ts': `export enum Suit { Hearts = 'H', Spades = 'S' }\nexport const enum Level { Low = 1, Mid, High = 10, Top }`,
      '/game/types.ts': `export * from './suit';\nexport type { Suit as Colour } from './suit';`,
      '/game/moves/bid.ts': `import { Suit, Level } from '../types';\nexport default function bid(ctx: any, trump: Suit, level: Level, only: Suit.Spades) {}`,
      '/game/game.ts': `
        import bid from './moves/bid';
        import type { Colour } from './types';
        import * as T from './types';
        const pick = ({ G }: any, colour: Colour, again: T.Suit) => {};
        export default { name: 'g', phases: { p: { moves: { bid }, turn: { stages: { s: { moves: { pick } } } } } } };`,
    };
    const config = {
      name: 'g',
      phases: { p: { moves: { bid: move('bid', 4) }, turn: { stages: { s: { moves: { pick: move('pick', 3) } } } } } },
    };
    const declared = declaredIn(files, config);
    expect(declared['phases.p.moves.bid']).toEqual([{ values: ['H', 'S'] }, { values: [1, 2, 10, 11] }, { values: ['S'] }]);
    expect(declared['phases.p.turn.stages.s.moves.pick']).toEqual([{ values: ['H', 'S'] }, { values: ['H', 'S'] }]);
  });

  it('a move under a computed key (`[Phase.Talk]: { moves: { sayTake } }`) is found by its name, in the file it is imported from', () => {
    const files = {
      '/game/rules.ts': `export type ExpectedPoints = 82 | 90 | 100;\nexport enum TrumpMode { NoTrump = 'NoTrump', TrumpHeart = 'TrumpHeart' }`,
      '/game/move/sayTake.ts': `import { ExpectedPoints, TrumpMode } from '../rules';\nexport default function sayTake(G: any, ctx: any, points: ExpectedPoints, mode: TrumpMode): void {}`,
      '/game/game.ts': `
        import sayTake from './move/sayTake';
        enum Phase { Talk = 'Talk' }
        export const game = { name: 'g', phases: { [Phase.Talk]: { moves: { sayTake } } } };`,
    };
    const config = { name: 'g', phases: { Talk: { moves: { sayTake: move('sayTake', 4) } } } };
    const local = memoryFiles(files);
    const declared = declaredArguments(config, 'phases-g-ctx', { file: '/game/game.ts', source: files['/game/game.ts'] }, local);
    expect(declared['phases.Talk.moves.sayTake']).toEqual([{ values: [82, 90, 100] }, { values: ['NoTrump', 'TrumpHeart'] }]);
  });

  it('`(typeof LIST)[number]` of an `as const` list, `keyof typeof`, an object type of finite fields; a widened list is not finite', () => {
    const files = {
      '/game/game.ts': `
        const MODES = ['normal', 'doubled'] as const;
        const WIDE = ['a', 'b'];
        const COSTS = { cheap: 1, dear: 5 } as const;
        interface Card { suit: 'H' | 'S'; rank: 1 | 2; note?: string }
        export default { name: 'g', moves: {
          choose: (c: any, mode: (typeof MODES)[number], wide: (typeof WIDE)[number], cost: keyof typeof COSTS, price: (typeof COSTS)[keyof typeof COSTS]) => {},
          play: (c: any, card: Card) => {},
        } };`,
    };
    const declared = declaredIn(files, { name: 'g', moves: { choose: move('choose', 5), play: move('play', 2) } });
    expect(declared['moves.choose']).toEqual([{ values: ['normal', 'doubled'] }, null, { values: ['cheap', 'dear'] }, { values: [1, 5] }]);
    expect(declared['moves.play']).toEqual([
      {
        values: [
          { suit: 'H', rank: 1 },
          { suit: 'H', rank: 2 },
          { suit: 'S', rank: 1 },
          { suit: 'S', rank: 2 },
        ],
      },
    ]);
  });

  it('a number the move checks against a range: the integers in it; one bound only narrows what inference finds', () => {
    const files = {
      '/game/game.ts': `
        import { INVALID_MOVE } from 'boardgame.io/core';
        export default { name: 'g', moves: {
          place: ({ G }: any, x: number, y: number) => {
            if (x < 0 || x > 8) return INVALID_MOVE;
            if (!(y >= 1 && y < 4)) throw new Error('off the board');
            G.cells[y * 9 + x] = 1;
          },
          spend: ({ G }: any, n: number) => { if (n >= 1) { G.spent += n; } else { return INVALID_MOVE; } },
          any: ({ G }: any, n: number) => { G.n = n; },
        } };`,
    };
    const declared = declaredIn(files, { name: 'g', moves: { place: move('place', 3), spend: move('spend', 2), any: move('any', 2) } });
    expect(declared['moves.place']).toEqual([{ values: [0, 1, 2, 3, 4, 5, 6, 7, 8] }, { values: [1, 2, 3] }]);
    expect(declared['moves.spend']).toEqual([{ min: 1 }]);
    expect(declared['moves.any']).toBeUndefined();
  });

  it('a JavaScript game declares nothing', () => {
    const files = {
      '/game/game.ts': `export default { name: 'g', moves: { claim: ({ G }, x, y) => { if (x < 0 || x > 2) return 'INVALID_MOVE'; } } };`,
    };
    expect(
      declaredArguments(
        { name: 'g', moves: { claim: move('claim', 3) } },
        'context',
        { file: '/game/game.js', source: files['/game/game.ts'] },
        memoryFiles({}),
      ),
    ).toEqual({});
  });
});

const here = path.dirname(fileURLToPath(import.meta.url));
const typedFolder = path.resolve(here, '../../testing/typed-bid');

/** The typed test games' own files, from disk. */
function typedDeclared(config: GameConfig, file: string) {
  const local: LocalFiles = {
    read: (f) => {
      try {
        return readFileSync(f, 'utf8');
      } catch {
        return undefined;
      }
    },
    resolve: (from, specifier) => (specifier.startsWith('.') ? path.resolve(path.dirname(from), `${specifier}.ts`) : null),
  };
  const entry = path.join(typedFolder, file);
  return declaredArguments(config, 'context', { file: entry, source: readFileSync(entry, 'utf8') }, local);
}

describe('the `types` argument source', () => {
  const session = (config: GameConfig) => new Session({ runtime: bgio050, config, numPlayers: 2, seed: 's' });
  const moves = (found: ReturnType<typeof candidateActions>) => found.filter((c) => c.action.type === 'move');

  it('a move whose every argument is declared: the product of the declared values, all accepted', () => {
    const declared = typedDeclared(typedBid, 'game.ts');
    const s = session(typedBid);
    const found = moves(candidateActions(s, '0', { declared }));
    expect(found).toHaveLength(12);
    expect(new Set(found.map((c) => c.source))).toEqual(new Set(['types']));
    for (const c of found) expect(session(typedBid).dispatch(c.action).ok).toBe(true);
  });

  it('without types the same move gets no valid arguments (the move refuses made-up values by throwing)', () => {
    const s = session(typedBid);
    const found = moves(candidateActions(s, '0'));
    expect(found.some((c) => c.source === 'types')).toBe(false);
    expect(found.some((c) => session(typedBid).dispatch(c.action).ok)).toBe(false);
  });

  it('an `as const` contract and a checked range in a stage’s move; the bug game’s inline move with a type-only import', () => {
    const declared = typedDeclared(typedBid, 'game.ts');
    expect(declared['phases.declaring.turn.stages.contract.moves.declare']).toEqual([
      { values: ['normal', 'doubled'] },
      { values: [7, 8, 9, 10, 11, 12, 13] },
    ]);
    expect(typedDeclared(typedBidBug, 'game-with-bug.ts')['moves.bid']).toEqual([
      { values: [80, 90, 100] },
      { values: ['H', 'S', 'C', 'D'] },
    ]);
  });

  it('where types give only a bound, inference supplies the values, kept within it', () => {
    const config: GameConfig = {
      name: 'spend',
      setup: () => ({ coins: [5, 5, 5, 5, 5], spent: 0 }),
      moves: { spend: ({ G }: any, slot: number) => void (G.spent += G.coins[slot]) },
    };
    const found = moves(candidateActions(session(config), '0', { declared: { 'moves.spend': [{ min: 2 }] } }));
    expect(found.map((c) => (c.action.type === 'move' ? c.action.args : null))).toEqual([[2], [3], [4]]);
    expect(new Set(found.map((c) => c.source))).toEqual(new Set(['inferred']));
  });

  it('a move with an inferred card id and a declared suit: a throw the declared suit causes is a finding, not blamed on the suit', () => {
    const BONUS: Record<string, { bonus: number }> = { H: { bonus: 2 }, S: { bonus: 1 } };
    const config: GameConfig = {
      name: 'mixed',
      setup: () => ({ hands: { '0': [{ id: 'a' }, { id: 'b' }], '1': [{ id: 'c' }, { id: 'd' }] }, score: 0 }),
      turn: { minMoves: 1, maxMoves: 1 },
      moves: {
        play: ({ G, playerID }: any, cardId: string, trump: string) => {
          const card = G.hands[playerID].find((c: any) => c.id === cardId);
          if (!card) return 'INVALID_MOVE';
          G.score += BONUS[trump].bonus;
        },
      },
    };
    const declared = { 'moves.play': [null, { values: ['H', 'S', 'D'] }] };
    const explore = (play: { declared?: typeof declared }) => {
      const game = { runtime: bgio050, config, numPlayers: 2, play };
      const model = chartOf(config, 2, bgio050);
      const options = { runs: 4, steps: 20, seed: 'mixed' };
      const outcomes = exploreRuns(game, model, options, [0, 1, 2, 3]);
      return buildReport({ game: 'mixed', bgio: bgio050.version, numPlayers: 2, config }, model, options, outcomes);
    };
    const found = explore({ declared });
    expect(found.findings.map((f) => [f.kind, f.location, f.argSource])).toEqual([['threw', 'moves.play', 'inferred']]);
  });
});
