/** migrateSourceFiles: functions a game file imports from its local files are rewritten where they are written. */
import { describe, expect, it } from 'vitest';
import { migrateSourceFiles, type LocalFiles } from './migrate-source';

/** An in-memory folder of files; relative imports resolve by trying `.ts` and `/index.ts`. */
function folder(files: Record<string, string>): LocalFiles {
  return {
    read: (file) => files[file],
    resolve(from, specifier) {
      const base = `${from.slice(0, from.lastIndexOf('/'))}/${specifier.replace(/^\.\//, '')}`;
      return [`${base}.ts`, `${base}/index.ts`].find((f) => f in files) ?? null;
    },
  };
}

// The functions as the game's bundle gives them to Flowscope (same names, same parameters as the files below).
function drawCard(G: any, ctx: any) {
  return { ...G, deck: ctx.random.Shuffle(G.deck) };
}
const pass = (G: any, ctx: any) => {
  ctx.events.endTurn();
};
function begin(G: any, ctx: any) {
  return { ...G, turns: G.turns + ctx.numPlayers };
}
const config = {
  setup: () => ({ deck: [1, 2, 3], turns: 0 }),
  moves: { drawCard, pass },
  phases: { main: { start: true, turn: { onBegin: begin } } },
};

const FILES = {
  '/game/game.ts': `import { drawCard } from './moves';
import pass from './moves/pass';
import { begin } from './hooks';

const PHASE = 'main';

export const game = {
  setup: () => ({ deck: [1, 2, 3], turns: 0 }),
  moves: { drawCard, pass },
  phases: { [PHASE]: { start: true, turn: { onBegin: begin } } },
};
`,
  '/game/moves/index.ts': `import type { IG, Ctx } from '../types';

/** Draws after a shuffle (the deck is small). */
export function drawCard(G: IG, ctx: Ctx): IG {
  return { ...G, deck: ctx.random.Shuffle(G.deck) };
}
`,
  '/game/moves/pass.ts': `// Passing ends the turn.
export default (G, ctx) => {
  ctx.events.endTurn();
};
`,
  '/game/hooks/index.ts': `export { begin } from './begin';\n`,
  '/game/hooks/begin.ts': `export function begin(G, ctx) {
  return { ...G, turns: G.turns + ctx.numPlayers };
}
`,
};

describe('migrateSourceFiles', () => {
  const out = migrateSourceFiles({ file: '/game/game.ts', source: FILES['/game/game.ts'] }, config, { release: '0.43.3' }, folder(FILES));

  it('rewrites each imported function in its own file, keeping the file around it (and its types)', () => {
    expect(out.get('/game/moves/index.ts')).toBe(`import type { IG, Ctx } from '../types';
import type { FnContext } from 'boardgame.io';

/** Draws after a shuffle (the deck is small). */
export function drawCard({ G, random }: { G: IG; random: FnContext['random'] }): IG {
  return { ...G, deck: random.Shuffle(G.deck) };
}
`);
    expect(out.get('/game/moves/pass.ts')).toBe(`// Passing ends the turn.
export default ({ events }) => {
  events.endTurn();
};
`);
  });

  it('follows re-exports (export { begin } from) and computed keys (found by name)', () => {
    expect(out.get('/game/hooks/begin.ts')).toContain('export function begin({ G, ctx }) {');
    expect(out.has('/game/hooks/index.ts')).toBe(false);
  });

  it('leaves the game file referring to them by name', () => {
    expect(out.get('/game/game.ts')).toBe(FILES['/game/game.ts']);
    expect([...out.keys()][0]).toBe('/game/game.ts');
  });

  it('without local files, only the game file is read (as migrateSource)', () => {
    const alone = migrateSourceFiles({ file: '/game/game.ts', source: FILES['/game/game.ts'] }, config, { release: '0.43.3' });
    expect([...alone.keys()]).toEqual(['/game/game.ts']);
  });

  it('a hook reached through a namespace import (H.alive) is rewritten where it is written, and the game file keeps the reference', () => {
    const files = {
      '/ns/game.ts': `import * as H from './helpers';
export const game = {
  moves: { tick: (G) => G },
  turn: { order: { first: () => 0, next: (G, ctx) => (ctx.playOrderPos + 1) % ctx.playOrder.length, playOrder: H.alive } },
};
`,
      '/ns/helpers.ts': `export function alive(G, ctx) {
  return ctx.playOrder.filter((id) => !G.out.includes(id));
}
`,
    };
    function alive(G: any, ctx: any) {
      return ctx.playOrder.filter((id: string) => !G.out.includes(id));
    }
    const nsConfig = {
      moves: { tick: (G: unknown) => G },
      turn: { order: { first: () => 0, next: (_G: unknown, ctx: any) => (ctx.playOrderPos + 1) % ctx.playOrder.length, playOrder: alive } },
    };
    const out = migrateSourceFiles({ file: '/ns/game.ts', source: files['/ns/game.ts'] }, nsConfig, { release: '0.49.13' }, folder(files));
    expect(out.get('/ns/game.ts')).toContain('playOrder: H.alive }');
    expect(out.get('/ns/helpers.ts')).toBe(`export function alive({ G, ctx }) {
  return ctx.playOrder.filter((id) => !G.out.includes(id));
}
`);
  });
});
