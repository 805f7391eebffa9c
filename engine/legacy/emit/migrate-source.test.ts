/**
 * migrateSource: for each legacy key in isolation and for the three legacy fixtures, the output
 * parses (esbuild), has one `// FLOWSCOPE: decide` comment per decision note, and (when no decision
 * is left) runs on boardgame.io 0.50.2 exactly like migrateConfig's object.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { RandomPlayer } from '../../random/random-player';
import { bgio050 } from '../../runtime/bgio-050/bgio050-runtime';
import { Session } from '../../session/session';
import type { GameConfig } from '../../types';
import { migrateSource } from './migrate-source';
import { migrateConfig } from './migrate-config';
import { legacyCoreModule } from '../analysis/read-legacy';
import { quiet } from '../../testing/quiet-console';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '..', '..', '..', 'fixtures');
const core050 = require('boardgame.io/dist/cjs/core.js');
const cores: Record<string, any> = {
  '0.26': legacyCoreModule(require('bgio-0.26/dist/core.js'), '0.26.3'),
  '0.32': legacyCoreModule(require('bgio-0.32/dist/core.js'), '0.32.1'),
  '0.40': legacyCoreModule(undefined, '0.40.0'),
  '0.50': core050,
};

/** Evaluates TS/JS module source with `boardgame.io/core` resolved to `core`; its default export. */
function evaluate(source: string, core: unknown): GameConfig {
  const { code } = esbuild.transformSync(source, { loader: 'ts', format: 'cjs', target: 'node20' });
  const module = { exports: {} as Record<string, any> };
  const req = (id: string) => (id.startsWith('boardgame.io') ? core : require(id));
  new Function('exports', 'require', 'module', code)(module.exports, req, module);
  return module.exports.default;
}

/** Bundles a fixture file (its own imports included) with `boardgame.io/core` resolved to `core`. */
async function loadFile(file: string, core: unknown): Promise<GameConfig> {
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    external: ['boardgame.io', 'boardgame.io/*'],
    logLevel: 'silent',
  });
  const module = { exports: {} as Record<string, any> };
  const req = (id: string) => (id.startsWith('boardgame.io') ? core : require(id));
  new Function('exports', 'require', 'module', result.outputFiles[0].text)(module.exports, req, module);
  return module.exports.default;
}

const parses = (source: string) => expect(() => esbuild.transformSync(source, { loader: 'ts' })).not.toThrow();
const decideComments = (source: string) => source.split('\n').filter((l) => /^\s*\/\/ FLOWSCOPE: decide/.test(l)).length;

/** The same random game on two configs (actions chosen on the first, replayed on the second): identical states. */
function sameBehaviour(a: GameConfig, b: GameConfig, numPlayers: number, steps = 150) {
  const one = quiet(() => new Session({ runtime: bgio050, config: a, numPlayers, seed: 'src' }));
  const two = quiet(() => new Session({ runtime: bgio050, config: b, numPlayers, seed: 'src' }));
  const bot = new RandomPlayer({ seed: 'src', restartOnGameOver: true });
  for (let i = 0; i < steps; i++) {
    const action = bot.choose(one);
    if (!action) break;
    const x = quiet(() => one.dispatch(action));
    const y = quiet(() => two.dispatch(action));
    expect([i, y.ok, y.ctx, two.currentState.G]).toEqual([i, x.ok, x.ctx, one.currentState.G]);
  }
}

interface Case {
  name: string;
  release: keyof typeof cores;
  source: string;
  players?: number;
  /** Decision notes expected (default 0). */
  decisions?: number;
  /** Text the output must contain. */
  contains?: string[];
  /** Helpers outside the config read `ctx.random` and such (they are handed a ctx of the legacy shape). */
  helpersReadCtx?: boolean;
}

const CASES: Case[] = [
  {
    name: 'Game(), flow, startingPhase, allowedMoves, endPhaseIf, next (seeds/000)',
    release: '0.32',
    source: `import { Game } from 'boardgame.io/core';
const game = Game({
  setup: () => ({ deck: 5, hand: 0 }),
  moves: { drawCard: G => { G.deck--; G.hand++; }, playCard: G => { G.deck++; G.hand--; } },
  flow: { startingPhase: 'draw', phases: {
    draw: { allowedMoves: ['drawCard'], endPhaseIf: G => G.deck <= 0, next: 'play' },
    play: { allowedMoves: ['playCard'], endPhaseIf: G => G.hand <= 0, next: 'draw' },
  } },
});
export default game;`,
    contains: ['start: true', "next: 'play'", 'drawCard: ({ G }) =>', 'endIf: ({ G }) => G.deck <= 0', 'TurnOrder.CONTINUE'],
  },
  {
    name: 'endPhaseIf returning { next }',
    release: '0.32',
    source: `import { Game } from 'boardgame.io/core';
export default Game({ setup: () => ({ n: 0 }), moves: { inc: (G) => ({ n: G.n + 1 }) },
  flow: { startingPhase: 'a', phases: { a: { endPhaseIf: (G) => (G.n % 3 === 2 ? { next: 'c' } : false), next: 'b' }, b: { next: 'a', endPhaseIf: G => G.n % 2 === 1 }, c: { next: 'a', endPhaseIf: G => G.n % 2 === 0 } } } });`,
  },
  {
    name: 'onPhaseBegin / onPhaseEnd',
    release: '0.32',
    source: `import { Game } from 'boardgame.io/core';
export default Game({ setup: () => ({ log: [] }), moves: { m: (G) => G },
  flow: { startingPhase: 'a', phases: { a: { next: 'b', onPhaseBegin: (G, ctx) => ({ ...G, log: [...G.log, 'a:' + ctx.currentPlayer] }), onPhaseEnd: G => ({ ...G, log: [...G.log, 'a end'] }) }, b: { next: 'a' } } } });`,
    contains: ['onBegin: ({ G, ctx }) =>', 'onEnd: ({ G }) =>'],
  },
  {
    name: 'endTurnIf',
    release: '0.32',
    source: `import { Game } from 'boardgame.io/core';
export default Game({ setup: () => ({ n: 0 }), moves: { m: (G) => ({ n: G.n + 1 }) }, flow: { endTurnIf: (G, ctx) => G.n % 2 === 0 } });`,
    contains: ['turn: {', 'endIf: ({ G }) => G.n % 2 === 0'],
  },
  {
    name: 'endTurnIf returning a playerID (0.26), also in a ternary (decisions: it was also checked after phase changes)',
    release: '0.26',
    players: 4,
    decisions: 2,
    source: `import { Game } from 'boardgame.io/core';
export default Game({ setup: () => ({ n: 0 }), moves: { m: (G) => ({ n: G.n + 1 }) },
  flow: { phases: [ { name: 'a', endTurnIf: (G, ctx) => '3', endPhaseIf: G => G.n % 3 === 0 }, { name: 'b', endTurnIf: (G) => (G.n % 2 ? '2' : false), endPhaseIf: G => G.n % 3 === 1 } ] } });`,
    contains: ["endIf: () => ({ next: '3' })", "? { next: '2' } : false"],
  },
  {
    name: 'endGameIf, global and per phase',
    release: '0.32',
    source: `import { Game } from 'boardgame.io/core';
export default Game({ setup: () => ({ n: 0 }), moves: { m: (G) => ({ n: G.n + 1 }) },
  flow: { startingPhase: 'a', endGameIf: G => (G.n > 9 ? { n: G.n } : undefined), phases: { a: { next: 'b', endPhaseIf: G => G.n === 3 }, b: { next: 'a', endGameIf: (G, ctx) => (G.n > 5 ? { early: true } : undefined) } } } });`,
    contains: ['const byPhase = {'],
  },
  {
    name: 'onTurnBegin / onTurnEnd / onMove',
    release: '0.32',
    source: `import { Game } from 'boardgame.io/core';
export default Game({ setup: () => ({ begins: 0, ends: 0, moves: 0 }), moves: { m: (G) => G },
  flow: { onTurnBegin: G => ({ ...G, begins: G.begins + 1 }), onTurnEnd: G => ({ ...G, ends: G.ends + 1 }), onMove: (G, ctx) => ({ ...G, moves: G.moves + 1 }) } });`,
  },
  {
    name: 'movesPerTurn',
    release: '0.32',
    source: `import { Game } from 'boardgame.io/core';\nexport default Game({ setup: () => ({ n: 0 }), moves: { m: (G) => ({ n: G.n + 1 }) }, flow: { movesPerTurn: 2 } });`,
    contains: ['minMoves: 2', 'maxMoves: 2'],
  },
  {
    name: 'a custom turnOrder (skip one)',
    release: '0.26',
    players: 4,
    source: `import { Game } from 'boardgame.io/core';
export default Game({ setup: () => ({}), moves: { m: (G) => ({ ...G }) }, flow: { turnOrder: { first: () => 0, next: (G, ctx) => (ctx.playOrderPos + 2) % ctx.numPlayers } } });`,
    contains: ['next: ({ ctx }) => (ctx.playOrderPos + 2) % ctx.numPlayers'],
  },
  {
    name: 'first/next returning { playOrderPos, actionPlayers } (decision)',
    release: '0.26',
    players: 4,
    decisions: 1,
    source: `import { Game } from 'boardgame.io/core';
export default Game({ setup: () => ({}), moves: { m: (G) => ({ ...G }) }, flow: { turnOrder: {
  first: (G, ctx) => ({ playOrderPos: 0, actionPlayers: ['0'] }),
  next: (G, ctx) => { const playOrderPos = (ctx.playOrderPos + 1) % ctx.numPlayers; const actionPlayers = ['0', '1']; return { playOrderPos, actionPlayers }; },
} } });`,
    contains: ['first: () => (0)', 'return playOrderPos;'],
  },
  {
    name: 'TurnOrder.ANY (0.26)',
    release: '0.26',
    players: 3,
    source: `import { Game, TurnOrder } from 'boardgame.io/core';\nexport default Game({ setup: () => ({ n: 0 }), moves: { m: (G) => ({ n: G.n + 1 }) }, flow: { turnOrder: TurnOrder.ANY } });`,
    contains: ['activePlayers: ActivePlayers.ALL', "import { ActivePlayers, TurnOrder } from 'boardgame.io/core';"],
  },
  {
    name: 'TurnOrder.ANY (0.32)',
    release: '0.32',
    players: 3,
    source: `import { Game, TurnOrder } from 'boardgame.io/core';\nexport default Game({ setup: () => ({ n: 0 }), moves: { m: (G) => ({ n: G.n + 1 }) }, flow: { turnOrder: TurnOrder.ANY } });`,
    contains: ['next: ({ ctx }) => ctx.playOrderPos', 'ActivePlayers.ALL'],
  },
  {
    name: 'ctx.actionPlayers, setActionPlayers, changeActionPlayers',
    release: '0.32',
    players: 3,
    source: `import { Game } from 'boardgame.io/core';
export default Game({ setup: () => ({ seen: [] }), moves: {
  all: (G, ctx) => { ctx.events.setActionPlayers({ all: true }); return G; },
  one: (G, ctx) => { ctx.events.changeActionPlayers(['1']); return G; },
  look: (G, ctx) => ({ seen: [...G.seen, ctx.actionPlayers.length] }),
}, flow: { setActionPlayers: true } });`,
    contains: [
      'events.setActivePlayers(ActivePlayers.ALL)',
      "events.setActivePlayers(['1'])",
      'Object.keys(ctx.activePlayers ?? { [ctx.currentPlayer]: null })',
    ],
  },
  {
    name: 'endPhase({ next }) in a move',
    release: '0.32',
    source: `import { Game } from 'boardgame.io/core';
export default Game({ setup: () => ({}), moves: { toC: (G, ctx) => { ctx.events.endPhase({ next: 'c' }); return G; }, back: (G, ctx) => { ctx.events.endPhase(); return G; } },
  flow: { startingPhase: 'a', phases: { a: { next: 'b' }, b: { next: 'a' }, c: { next: 'a' } } } });`,
    contains: ["events.setPhase('c')", 'events.endPhase()'],
  },
  {
    name: "endTurn('3') in a move (0.26)",
    release: '0.26',
    players: 4,
    source: `import { Game } from 'boardgame.io/core';
export default Game({ setup: () => ({}), moves: { jump: (G, ctx) => { ctx.events.endTurn('3'); return { ...G }; }, m: (G) => ({ ...G }) } });`,
    contains: ["events.endTurn({ next: '3' })"],
  },
  {
    name: 'the implicit default phase: a phase without next goes back',
    release: '0.32',
    source: `import { Game } from 'boardgame.io/core';\nexport default Game({ setup: () => ({}), moves: { m: (G) => G }, flow: { startingPhase: 'a', phases: { a: { next: 'b' }, b: {} } } });`,
    contains: ["next: 'a'"],
  },
  {
    name: 'the implicit default phase: ambiguous (decision)',
    release: '0.32',
    decisions: 1,
    source: `import { Game } from 'boardgame.io/core';\nexport default Game({ setup: () => ({}), moves: { m: (G) => G }, flow: { startingPhase: 'a', phases: { a: { next: 'shop' }, b: { next: 'shop' }, shop: {} } } });`,
  },
  {
    name: 'phases as an array (0.26)',
    release: '0.26',
    source: `import { Game } from 'boardgame.io/core';\nexport default Game({ setup: () => ({}), moves: { m: (G) => ({ ...G }) }, flow: { phases: [{ name: 'x' }, { name: 'y' }] } });`,
    contains: ["next: 'y'", "next: 'x'"],
  },
  {
    name: '(G, ctx) with ctx.events, ctx.random, ctx.playerID (seeds/003 shape, 0.40)',
    release: '0.40',
    source: `function DrawCard(G, ctx) {
  // Draw a card.
  G.deck--;
  G.hand[ctx.currentPlayer]++;
  G.rolls.push(ctx.random.D6());
  G.by.push(ctx.playerID);
}
function PlayCard(G, ctx) {
  G.deck++;
  G.hand[ctx.currentPlayer]--;
  if (G.hand.every((h) => h === 0)) ctx.events.endPhase();
}
const game = {
  setup: ctx => ({ deck: 6, hand: Array(ctx.numPlayers).fill(0), rolls: [], by: [] }),
  turn: { moveLimit: 1 },
  phases: {
    draw: { moves: { DrawCard }, start: true, endIf: G => G.deck <= 0, next: 'play' },
    play: { moves: { PlayCard }, next: (G, ctx) => (G.deck > 0 ? 'draw' : 'play') },
  },
};
export default game;`,
    contains: [
      'function DrawCard({ G, ctx, random, playerID }) {',
      '// Draw a card.',
      'G.rolls.push(random.D6());',
      'events.endPhase();',
      'minMoves: 1, maxMoves: 1',
      'setup: ({ ctx }) =>',
      'moves: { DrawCard }',
    ],
  },
  {
    name: 'the Bang! onMove pitfall (0.50)',
    release: '0.50',
    players: 3,
    source: `const game = {
  setup: () => ({ pendingAction: null }),
  moves: { playBang: ({ G, ctx }, target) => { if (G.pendingAction || target === ctx.currentPlayer) return 'INVALID_MOVE'; G.pendingAction = { targetPlayerId: target }; } },
  turn: {
    onMove: (G, ctx) => {
      if (G.pendingAction && ctx.events?.setActivePlayers) {
        ctx.events.setActivePlayers({ value: { [G.pendingAction.targetPlayerId]: 'respondToBang' }, moveLimit: 1 });
      }
    },
    onEnd: ({ G }) => { G.pendingAction = null; },
    stages: { respondToBang: { moves: { takeDamage: ({ G }) => { G.pendingAction = null; } } } },
  },
};
export default game;`,
    contains: ['onMove: ({ G, events }) => {', 'events?.setActivePlayers', 'maxMoves: 1', 'moves: { playBang: ({ G, ctx }, target) =>'],
  },
  {
    name: 'an allowedMoves function (decision)',
    release: '0.32',
    decisions: 1,
    source: `import { Game } from 'boardgame.io/core';\nexport default Game({ setup: () => ({ n: 0 }), moves: { a: (G) => ({ n: G.n + 1 }) }, flow: { startingPhase: 'p', phases: { p: { allowedMoves: (G) => ['a'], next: 'p' } } } });`,
  },
  {
    name: 'undoableMoves and redactedMoves',
    release: '0.32',
    source: `import { Game } from 'boardgame.io/core';\nexport default Game({ setup: () => ({ n: 0 }), moves: { a: (G) => ({ n: G.n + 1 }), b: (G) => ({ n: G.n + 2 }) }, flow: { undoableMoves: ['a'], redactedMoves: ['a'] } });`,
    contains: ['undoable: false', 'redact: true'],
  },
  {
    name: 'a 0.26 move that can return nothing (decision), method-form moves',
    release: '0.26',
    decisions: 1,
    source: `import { Game } from 'boardgame.io/core';\nexport default Game({ setup: () => ({ n: 0 }), moves: { bad(G) { G.n++; }, good(G, ctx) { return { n: G.n + 1, by: ctx.playerID }; } } });`,
    contains: ['good: function ({ G, playerID }) {'],
  },
  {
    name: 'a bound move (no readable source: decision)',
    release: '0.32',
    decisions: 1,
    source: `import { Game } from 'boardgame.io/core';\nexport default Game({ setup: () => ({ n: 0 }), moves: { inc: function (G) { return { n: G.n + 1 }; }.bind(null) } });`,
  },
  {
    name: 'a move other code also calls directly (0.40): it stays as written, and the config calls it through an adapter',
    release: '0.40',
    source: `function draw(G, ctx, who) { G.hands[who ?? ctx.currentPlayer].push(G.deck.pop()); }
export default {
  setup: () => ({ deck: [1, 2, 3, 4, 5, 6, 7, 8], hands: { 0: [], 1: [] } }),
  moves: { draw },
  phases: { deal: { start: true, onBegin: (G, ctx) => { draw(G, ctx, '0'); draw(G, ctx, '1'); }, next: 'play' }, play: {} },
};`,
    contains: [
      'function draw(G, ctx, who) {',
      'moves: { draw: (context, ...args) => draw(context.G, { ...context.ctx, ...context }, ...args) },',
    ],
  },
  {
    name: 'a helper handed the whole ctx (0.32): it gets a ctx of the legacy shape, random and events included',
    release: '0.32',
    helpersReadCtx: true,
    source: `import { Game } from 'boardgame.io/core';
function deal(ctx) { return ctx.random.Shuffle([1, 2, 3, 4]); }
function drawFor(G, ctx) { const hand = [...G.hand, ctx.random.D6()]; if (hand.length > 2) ctx.events.endTurn(); return { ...G, hand }; }
export default Game({ setup: (ctx) => ({ deck: deal(ctx), hand: [] }), moves: { draw: (G, ctx) => drawFor(G, ctx) } });`,
    contains: [
      'setup: ({ ctx, events, random, playerID, log, ...plugins }) => ({ deck: deal({ ...ctx, events, random, playerID, log, ...plugins }), hand: [] })',
      'draw: ({ G, ctx, events, random, playerID, log, ...plugins }) => drawFor(G, { ...ctx, events, random, playerID, log, ...plugins })',
    ],
  },
  {
    name: 'a helper handed the whole ctx (0.40, (G, ctx) moves), beside a ctx member read',
    release: '0.40',
    helpersReadCtx: true,
    source: `function roll(ctx) { return ctx.random.D6() + Number(ctx.currentPlayer); }
export default { setup: () => ({ rolls: [] }), moves: { roll: (G, ctx) => { G.rolls.push(roll(ctx)); if (ctx.turn > 0) ctx.events.endTurn(); } } };`,
    contains: [
      'roll: ({ G, ctx, events, random, playerID, log, ...plugins }) => { G.rolls.push(roll({ ...ctx, events, random, playerID, log, ...plugins })); if (ctx.turn > 0) events.endTurn(); }',
    ],
  },
];

describe('migrateSource: each legacy key in isolation', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const core = cores[c.release];
      const legacy = evaluate(c.source, core);
      const { config, notes } = migrateConfig(legacy, { turnOrders: core.TurnOrder });
      const out = migrateSource(c.source, legacy, { turnOrders: core.TurnOrder });
      parses(out);
      const decisions = notes.filter((n) => n.severity === 'decision');
      expect(decisions.length, JSON.stringify(decisions)).toBe(c.decisions ?? 0);
      expect(decideComments(out), out).toBe(decisions.length);
      for (const text of c.contains ?? []) expect(out, out).toContain(text);
      if (!c.helpersReadCtx)
        expect(out).not.toMatch(/\bctx\.events\b|\bctx\?\.events\b|\bctx\.random\b|\bctx\.playerID\b|import_core|\bGame\(/);
      if (!decisions.length) sameBehaviour(config, evaluate(out, core050), c.players ?? 2);
    });
  }

  it('without the source file a bound function becomes a stub that says so, and the output still parses', () => {
    const legacy = evaluate(CASES.find((c) => c.name.startsWith('a bound move'))!.source, cores['0.32']);
    const out = migrateSource('', legacy);
    parses(out);
    expect(out).toContain("throw new Error('FLOWSCOPE: moves.inc: write this function for boardgame.io 0.50')");
    expect(decideComments(out)).toBe(1);
  });

  it('without the source file, the config is a module of its own', () => {
    const legacy = evaluate(CASES[0].source, cores['0.32']);
    const out = migrateSource('', legacy);
    parses(out);
    expect(out).toMatch(/^import \{ TurnOrder \} from 'boardgame\.io\/core';/);
    expect(out).toContain('export default game;');
    sameBehaviour(migrateConfig(legacy).config, evaluate(out, core050), 2);
  });

  it('a config with nothing to migrate gives the source back unchanged', () => {
    const source = `export default { setup: () => ({}), moves: { m: ({ G }) => G } };`;
    expect(migrateSource(source, evaluate(source, core050))).toBe(source);
  });
});

describe('migrateSource: the legacy fixtures', () => {
  const load = async (name: string, release: keyof typeof cores, file = 'game.ts') => {
    const f = path.join(fixtures, name, file);
    return { source: readFileSync(f, 'utf8'), config: await loadFile(f, cores[release]) };
  };

  it('legacy-card-phases (0.32): valid 0.50 source that plays like the migrated config', async () => {
    const { source, config } = await load('legacy-card-phases', '0.32');
    const out = migrateSource(source, config);
    parses(out);
    expect(decideComments(out)).toBe(0);
    expect(out).toContain("import { TurnOrder } from 'boardgame.io/core';");
    expect(out).not.toMatch(/^[^/]*\bGame\(/m);
    sameBehaviour(migrateConfig(config).config, evaluate(out, core050), 2, 200);
  });

  it('legacy-turn-orders (0.26): valid source with a decision comment for the order’s actionPlayers, each endPhaseIf that onPhaseBegin resets, and the endTurnIf checked after a phase change', async () => {
    const { source, config } = await load('legacy-turn-orders', '0.26');
    const { notes } = migrateConfig(config, { turnOrders: cores['0.26'].TurnOrder });
    const out = migrateSource(source, config, { turnOrders: cores['0.26'].TurnOrder });
    parses(out);
    const decisions = notes.filter((n) => n.severity === 'decision');
    expect(decisions.map((n) => n.path).sort()).toEqual([
      'flow.phases[0].endPhaseIf',
      'flow.phases[1].endPhaseIf',
      'flow.phases[2].endPhaseIf',
      'flow.phases[2].turnOrder',
      'flow.phases[3].endPhaseIf',
      'flow.phases[4].endPhaseIf',
      'flow.phases[4].endTurnIf',
    ]);
    expect(decideComments(out)).toBe(7);
    expect(
      out.match(/FLOWSCOPE: decide — `flow\.phases\[\d\]\.endPhaseIf` reads `G\.phaseMoves`, which `onPhaseBegin` sets/g),
    ).toHaveLength(5);
    expect(out).toContain("events.endTurn({ next: '3' })");
    expect(out).toContain("endIf: () => ({ next: '3' })");
    expect(out).toContain('activePlayers: ActivePlayers.ALL');
  });

  it('bang-onmove-pitfall (0.50): only onMove changes, and the source then works like game-corrected.ts', async () => {
    const { source, config } = await load('bang-onmove-pitfall', '0.50');
    const out = migrateSource(source, config);
    parses(out);
    expect(decideComments(out)).toBe(0);
    const changed = out.split('\n').filter((l, i, all) => !source.split('\n').includes(l));
    expect(changed.join('\n')).toMatch(/onMove: \(\{ G, events \}\) => \{/);
    expect(changed.length).toBeLessThanOrEqual(4);
    const corrected = (await load('bang-onmove-pitfall', '0.50', 'game-corrected.ts')).config;
    sameBehaviour(corrected, evaluate(out.replace(/^\/\/ @ts-nocheck.*$/m, ''), core050), 3, 200);
  });
});
