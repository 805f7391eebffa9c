/**
 * migrateConfig: each legacy key migrated and RUN on boardgame.io 0.50.2 (a Flowscope Session),
 * compared where it matters with the same actions on the real old release (0.26.3 / 0.32.1 from
 * node_modules), and each note checked.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../util/prng';
import { bgio050 } from '../../runtime/bgio-050/bgio050-runtime';
import { Session } from '../../session/session';
import type { FlowAction, GameConfig } from '../../types';
import { migrateConfig } from './migrate-config';
import { legacyCoreModule } from '../analysis/read-legacy';
import type { LegacyFeature, MigrationNote } from '../analysis/types';
import { quiet } from '../../testing/quiet-console';

const require = createRequire(import.meta.url);
const core26: any = legacyCoreModule(require('bgio-0.26/dist/core.js'), '0.26.3');
const core32: any = legacyCoreModule(require('bgio-0.32/dist/core.js'), '0.32.1');

const move = (name: string, playerID = '0', args: unknown[] = []): FlowAction => ({ type: 'move', name, args, playerID });
const event = (name: any, playerID = '0', args: unknown[] = []): FlowAction => ({ type: 'event', name, args, playerID });

interface Snap {
  phase: string | null;
  currentPlayer: string;
  /** Who may move: actionPlayers (≤0.32) or activePlayers' keys / the current player (0.50). */
  movers: string[];
  G: unknown;
}

/** Runs a `Game()` result on its own release's bare reducer. */
function legacyRun(release: '0.26' | '0.32', game: any, numPlayers: number, actions: FlowAction[]): Snap[] {
  return quiet(() => {
    const core = release === '0.26' ? require('bgio-0.26/dist/core.js') : require('bgio-0.32/dist/core.js');
    const reducer = release === '0.26' ? core.CreateGameReducer({ game, numPlayers }) : core.CreateGameReducer({ game });
    let state = release === '0.26' ? reducer(undefined, { type: '@@init' }) : core.InitializeGame({ game, numPlayers });
    // At game over 0.50 has also ended the phase (`null`); ≤0.32 kept it (semanticDifferences: gameover-phase).
    const snap = (s: any): Snap => ({
      phase: s.ctx.gameover !== undefined ? '(game over)' : s.ctx.phase === 'default' ? null : s.ctx.phase,
      currentPlayer: s.ctx.currentPlayer,
      movers: [...s.ctx.actionPlayers].sort(),
      G: JSON.parse(JSON.stringify(s.G)),
    });
    const out = [snap(state)];
    for (const a of actions) {
      const type = a.type === 'move' ? 'MAKE_MOVE' : 'GAME_EVENT';
      if (a.type === 'move' || a.type === 'event')
        state = reducer(state, { type, payload: { type: a.name, args: a.args, playerID: a.playerID } });
      out.push(snap(state));
    }
    return out;
  });
}

function modernSession(config: GameConfig, numPlayers: number): Session {
  return quiet(() => new Session({ runtime: bgio050, config, numPlayers, seed: 'legacy' }));
}

/** Runs a migrated config on boardgame.io 0.50.2. */
function modernRun(config: GameConfig, numPlayers: number, actions: FlowAction[]): Snap[] {
  const s = modernSession(config, numPlayers);
  const snap = (): Snap => {
    const c = s.steps[s.lastIndex].ctx;
    return {
      phase: c.gameover !== undefined ? '(game over)' : c.phase,
      currentPlayer: c.currentPlayer,
      movers: (c.activePlayers ? Object.keys(c.activePlayers) : [c.currentPlayer]).sort(),
      G: JSON.parse(JSON.stringify(s.currentState.G)),
    };
  };
  const out = [snap()];
  for (const a of actions) {
    quiet(() => s.dispatch(a));
    out.push(snap());
  }
  return out;
}

const has = (notes: MigrationNote[], feature: LegacyFeature, severity: 'info' | 'decision' = 'info', path?: string) =>
  expect(
    notes.some((n) => n.feature === feature && n.severity === severity && (path === undefined || n.path === path)),
    `${severity} note ${feature}${path ? ` at ${path}` : ''} in ${JSON.stringify(notes.map((n) => [n.severity, n.feature, n.path]))}`,
  ).toBe(true);
const decisions = (notes: MigrationNote[]) => notes.filter((n) => n.severity === 'decision');

// The legacy "Phases" guide's game (seeds/000), as written there.
const cardGame = (core: any) =>
  core.Game({
    setup: () => ({ deck: 5, hand: 0 }),
    moves: {
      drawCard: (G: any) => {
        G.deck--;
        G.hand++;
      },
      playCard: (G: any) => {
        G.deck++;
        G.hand--;
      },
    },
    flow: {
      startingPhase: 'draw',
      phases: {
        draw: { allowedMoves: ['drawCard'], endPhaseIf: (G: any) => G.deck <= 0, next: 'play' },
        play: { allowedMoves: ['playCard'], endPhaseIf: (G: any) => G.hand <= 0, next: 'draw' },
      },
    },
  });

describe('the Game() wrapper, flow, startingPhase, allowedMoves, endPhaseIf, next', () => {
  it('the seed document’s draw/play game cycles phases on 0.50.2 exactly as on 0.32.1', () => {
    const legacy = cardGame(core32);
    const { config, notes } = migrateConfig(legacy);
    expect(config.flow).toBeUndefined();
    expect(config.phases.draw).toMatchObject({ start: true, next: 'play' });
    expect(Object.keys(config.phases.draw.moves)).toEqual(['drawCard']);
    expect(Object.keys(config.phases.play.moves)).toEqual(['playCard']);
    // 15 legal moves, each preceded by the move the phase does not allow.
    const actions: FlowAction[] = [];
    let deck = 5;
    let phase = 'draw';
    for (let i = 0; i < 15; i++) {
      actions.push(move(phase === 'draw' ? 'playCard' : 'drawCard'), move(phase === 'draw' ? 'drawCard' : 'playCard'));
      deck += phase === 'draw' ? -1 : 1;
      if (deck === 0) phase = 'play';
      else if (deck === 5) phase = 'draw';
    }
    const old = legacyRun('0.32', legacy, 1, actions);
    const now = modernRun(config, 1, actions);
    expect(now).toEqual(old);
    expect(now.map((s) => s.phase).filter((p, i, all) => p !== all[i - 1])).toEqual(['draw', 'play', 'draw', 'play']);
    has(notes, 'game-wrapper');
    has(notes, 'flow');
    has(notes, 'startingPhase', 'info', 'flow.startingPhase');
    has(notes, 'allowedMoves', 'info', 'flow.phases.draw.allowedMoves');
    has(notes, 'endPhaseIf', 'info', 'flow.phases.draw.endPhaseIf');
    has(notes, 'g-ctx-signature', 'info', 'moves.drawCard');
    has(notes, 'turnOrder', 'info', 'flow.turnOrder');
    has(notes, 'flow-events', 'info');
    expect(decisions(notes)).toEqual([]);
  });

  it('with two players the same player keeps playing across a phase change, as in 0.32 (TurnOrder.CONTINUE)', () => {
    const legacy = cardGame(core32);
    const { config } = migrateConfig(legacy);
    const actions = [move('drawCard'), event('endTurn'), ...['1', '1', '1', '1'].map((p) => move('drawCard', p)), move('playCard', '1')];
    expect(modernRun(config, 2, actions).map((s) => [s.phase, s.currentPlayer])).toEqual(
      legacyRun('0.32', legacy, 2, actions).map((s) => [s.phase, s.currentPlayer]),
    );
  });

  it('a phase endIf returning { next } still chooses the phase', () => {
    const legacy = core32.Game({
      setup: () => ({ n: 0 }),
      moves: { inc: (G: any) => ({ n: G.n + 1 }) },
      flow: {
        startingPhase: 'a',
        phases: { a: { endPhaseIf: (G: any) => (G.n >= 2 ? { next: 'c' } : false), next: 'b' }, b: { next: 'a' }, c: { next: 'a' } },
      },
    });
    const { config, notes } = migrateConfig(legacy);
    const actions = [move('inc'), move('inc')];
    expect(modernRun(config, 2, actions).at(-1)!.phase).toBe('c');
    expect(legacyRun('0.32', legacy, 2, actions).at(-1)!.phase).toBe('c');
    has(notes, 'endPhaseIf', 'info');
  });

  it('an allowedMoves function guards every move (decision)', () => {
    const legacy = core32.Game({
      setup: () => ({ n: 0 }),
      moves: { a: (G: any) => ({ n: G.n + 1 }), b: (G: any) => ({ n: G.n + 10 }) },
      flow: { startingPhase: 'p', phases: { p: { allowedMoves: (G: any) => (G.n < 1 ? ['a'] : ['b']), next: 'p' } } },
    });
    const { config, notes } = migrateConfig(legacy);
    const actions = [move('b'), move('a'), move('a'), move('b')];
    expect(modernRun(config, 2, actions).map((s) => s.G)).toEqual(legacyRun('0.32', legacy, 2, actions).map((s) => s.G));
    has(notes, 'allowedMoves', 'decision', 'flow.phases.p.allowedMoves');
  });
});

describe('onPhaseBegin / onPhaseEnd, onTurnBegin / onTurnEnd / onMove, endGameIf', () => {
  const hooks = (core: any) =>
    core.Game({
      setup: () => ({ log: [] as string[], n: 0 }),
      moves: { inc: (G: any) => ({ ...G, n: G.n + 1 }) },
      flow: {
        startingPhase: 'a',
        onTurnBegin: (G: any, ctx: any) => ({ ...G, log: [...G.log, `turn ${ctx.currentPlayer}`] }),
        onTurnEnd: (G: any) => ({ ...G, log: [...G.log, 'turn end'] }),
        onMove: (G: any) => ({ ...G, log: [...G.log, 'move'] }),
        endGameIf: (G: any) => (G.n >= 5 ? { n: G.n } : undefined),
        phases: {
          a: {
            onPhaseBegin: (G: any) => ({ ...G, log: [...G.log, 'a begins'] }),
            onPhaseEnd: (G: any) => ({ ...G, log: [...G.log, 'a ends'] }),
            endPhaseIf: (G: any) => G.n >= 2,
            next: 'b',
          },
          b: {
            onPhaseBegin: (G: any) => ({ ...G, log: [...G.log, 'b begins'] }),
            endGameIf: (G: any) => (G.n >= 4 ? { early: G.n } : undefined),
            next: 'a',
          },
        },
      },
    });

  it('the hooks run under their 0.50 names; a phase’s own endGameIf ends the game in that phase', () => {
    const { config, notes } = migrateConfig(hooks(core32));
    for (const key of ['onBegin', 'onEnd', 'onMove']) expect(typeof config.turn[key]).toBe('function');
    expect(typeof config.phases.a.onBegin).toBe('function');
    expect(typeof config.phases.a.onEnd).toBe('function');
    const s = modernSession(config, 2);
    for (let i = 0; i < 4; i++) quiet(() => s.dispatch(move('inc')));
    const G = s.currentState.G as any;
    expect(G.log).toEqual(expect.arrayContaining(['a begins', 'turn 0', 'move', 'a ends', 'b begins']));
    expect(s.steps[s.lastIndex].ctx.gameover).toEqual({ early: 4 });
    for (const f of ['onPhaseBegin', 'onPhaseEnd', 'onTurnBegin', 'onTurnEnd', 'onMove', 'endGameIf'] as const) has(notes, f);
  });

  it('onMove’s third argument (the move) is not passed by 0.50.2: decision', () => {
    const legacy = core32.Game({
      moves: { m: (G: any) => G },
      flow: { onMove: (G: any, ctx: any, action: any) => ({ ...G, last: action.type }) },
    });
    const { config, notes } = migrateConfig(legacy);
    has(notes, 'onMove', 'decision', 'flow.onMove');
    const s = modernSession(config, 2);
    expect(quiet(() => s.dispatch(move('m'))).ok).toBe(true);
    expect((s.currentState.G as any).last).toBeUndefined();
  });
});

describe('endTurnIf, endTurn(id), movesPerTurn', () => {
  it('endTurnIf returning a playerID (0.26) makes that player next, as on 0.26.3', () => {
    const legacy = core26.Game({ setup: () => ({}), moves: { m: (G: any) => ({ ...G }) }, flow: { endTurnIf: () => '3' } });
    const { config, notes } = migrateConfig(legacy);
    const actions = [move('m', '0'), move('m', '3'), move('m', '3')];
    const now = modernRun(config, 4, actions);
    expect(now.map((s) => s.currentPlayer)).toEqual(['0', '3', '3', '3']);
    expect(now.map((s) => s.currentPlayer)).toEqual(legacyRun('0.26', legacy, 4, actions).map((s) => s.currentPlayer));
    has(notes, 'endTurnIf', 'info', 'flow.endTurnIf');
    has(notes, 'endTurnIf-player', 'info', 'flow.endTurnIf');
  });

  it('endTurnIf returning { next } (0.27–0.32) keeps working', () => {
    const legacy = core32.Game({ setup: () => ({}), moves: { m: (G: any) => G }, flow: { endTurnIf: () => ({ next: '2' }) } });
    const { config } = migrateConfig(legacy);
    const actions = [move('m', '0')];
    expect(modernRun(config, 4, actions).at(-1)!.currentPlayer).toBe('2');
    expect(legacyRun('0.32', legacy, 4, actions).at(-1)!.currentPlayer).toBe('2');
  });

  it("ctx.events.endTurn('3') in a move (0.26) passes the turn to 3, as on 0.26.3", () => {
    const legacy = core26.Game({
      setup: () => ({}),
      moves: {
        jump: (G: any, ctx: any) => {
          ctx.events.endTurn('3');
          return G;
        },
      },
    });
    const { config, notes } = migrateConfig(legacy);
    const actions = [move('jump', '0')];
    expect(modernRun(config, 4, actions).at(-1)!.currentPlayer).toBe('3');
    expect(legacyRun('0.26', legacy, 4, actions).at(-1)!.currentPlayer).toBe('3');
    has(notes, 'endTurn-player', 'info', 'moves.jump');
  });

  it('movesPerTurn: N is minMoves + maxMoves (endTurn refused before N, the turn ends at N), as on 0.32.1', () => {
    const legacy = core32.Game({ setup: () => ({ n: 0 }), moves: { m: (G: any) => ({ n: G.n + 1 }) }, flow: { movesPerTurn: 2 } });
    const { config, notes } = migrateConfig(legacy);
    expect(config.turn).toMatchObject({ minMoves: 2, maxMoves: 2 });
    const actions = [move('m', '0'), event('endTurn', '0'), move('m', '0'), move('m', '1')];
    expect(modernRun(config, 2, actions).map((s) => s.currentPlayer)).toEqual(
      legacyRun('0.32', legacy, 2, actions).map((s) => s.currentPlayer),
    );
    has(notes, 'movesPerTurn', 'info', 'flow.movesPerTurn');
  });
});

describe('turnOrder: custom orders, { playOrderPos, actionPlayers }, TurnOrder presets', () => {
  it('the skip-one custom order (seeds/002) runs as on 0.26.3', () => {
    const legacy = core26.Game({
      setup: () => ({}),
      moves: { m: (G: any) => G },
      flow: { turnOrder: { first: () => 0, next: (G: any, ctx: any) => (ctx.playOrderPos + 2) % ctx.numPlayers } },
    });
    const { config, notes } = migrateConfig(legacy);
    const actions = ['0', '2', '0'].map((p) => event('endTurn', p));
    const now = modernRun(config, 4, actions);
    expect(now.map((s) => s.currentPlayer)).toEqual(['0', '2', '0', '2']);
    expect(now.map((s) => s.currentPlayer)).toEqual(legacyRun('0.26', legacy, 4, actions).map((s) => s.currentPlayer));
    has(notes, 'turnOrder', 'info', 'flow.turnOrder');
  });

  it('first/next returning { playOrderPos, actionPlayers } (0.26) give each turn those active players, as on 0.26.3', () => {
    const legacy = core26.Game({
      setup: () => ({ moves: [] as string[] }),
      moves: { m: (G: any, ctx: any) => ({ moves: [...G.moves, ctx.playerID] }) },
      flow: {
        turnOrder: {
          first: () => ({ playOrderPos: 0, actionPlayers: ['0'] }),
          next: (G: any, ctx: any) => {
            const playOrderPos = (ctx.playOrderPos + 1) % ctx.numPlayers;
            const actionPlayers = ['0', '1'];
            return { playOrderPos, actionPlayers };
          },
        },
      },
    });
    const { config, notes } = migrateConfig(legacy);
    const actions = [
      move('m', '1'),
      move('m', '0'),
      event('endTurn', '0'),
      move('m', '0'),
      move('m', '1'),
      event('endTurn', '1'),
      move('m', '1'),
    ];
    const now = modernRun(config, 4, actions);
    const old = legacyRun('0.26', legacy, 4, actions);
    expect(now).toEqual(old);
    expect(now[3]).toMatchObject({ currentPlayer: '1', movers: ['0', '1'] });
    has(notes, 'turnOrder-position-object', 'info');
    has(notes, 'turnOrder-position-object', 'decision');
  });

  it('TurnOrder.ANY of 0.26: every player may move and the turn still rotates', () => {
    const legacy = core26.Game({
      setup: () => ({ n: 0 }),
      moves: { m: (G: any) => ({ n: G.n + 1 }) },
      flow: { turnOrder: core26.TurnOrder.ANY },
    });
    const { config, notes } = migrateConfig(legacy, { turnOrders: core26.TurnOrder });
    expect(config.turn.activePlayers).toBe(require('boardgame.io/dist/cjs/core.js').ActivePlayers.ALL);
    const actions = [move('m', '2'), move('m', '1'), event('endTurn', '0'), move('m', '3')];
    const now = modernRun(config, 4, actions);
    expect(now.map((s) => [s.currentPlayer, s.movers.length, s.G])).toEqual(
      legacyRun('0.26', legacy, 4, actions).map((s) => [s.currentPlayer, s.movers.length, s.G]),
    );
    expect(now.at(-1)!.currentPlayer).toBe('1');
    has(notes, 'TurnOrder.ANY', 'info');
  });

  it('TurnOrder.ANY of 0.32: every player may move and the turn stays (recognised without the release’s TurnOrder too)', () => {
    const legacy = core32.Game({
      setup: () => ({ n: 0 }),
      moves: { m: (G: any) => ({ n: G.n + 1 }) },
      flow: { turnOrder: core32.TurnOrder.ANY },
    });
    const { config, notes } = migrateConfig(legacy);
    const actions = [move('m', '2'), move('m', '1'), event('endTurn', '0'), move('m', '3')];
    const now = modernRun(config, 4, actions);
    expect(now.map((s) => [s.currentPlayer, s.movers.length, s.G])).toEqual(
      legacyRun('0.32', legacy, 4, actions).map((s) => [s.currentPlayer, s.movers.length, s.G]),
    );
    expect(now.at(-1)!.currentPlayer).toBe('0');
    has(notes, 'TurnOrder.ANY', 'info');
  });

  it('TurnOrder.DEFAULT is TurnOrder.CONTINUE; ONCE is ONCE; ANY_ONCE needs a decision', () => {
    const T = require('boardgame.io/dist/cjs/core.js').TurnOrder;
    expect(migrateConfig(core32.Game({ moves: {}, flow: { turnOrder: core32.TurnOrder.DEFAULT } })).config.turn.order).toBe(T.CONTINUE);
    expect(migrateConfig(core32.Game({ moves: {}, flow: { turnOrder: core32.TurnOrder.ONCE } })).config.turn.order).toBe(T.ONCE);
    const { notes } = migrateConfig(core32.Game({ moves: {}, flow: { turnOrder: core32.TurnOrder.ANY_ONCE } }));
    has(notes, 'TurnOrder-preset', 'decision');
  });

  it('a 0.27–0.32 turnOrder.actionPlayers section is turn.activePlayers; a value function needs a decision', () => {
    const { config, notes } = migrateConfig(
      core32.Game({
        moves: {},
        flow: { turnOrder: { first: () => 0, next: (G: any, ctx: any) => (ctx.playOrderPos + 1) % 2, actionPlayers: { others: true } } },
      }),
    );
    expect(config.turn.activePlayers).toBe(require('boardgame.io/dist/cjs/core.js').ActivePlayers.OTHERS);
    has(notes, 'turnOrder-actionPlayers');
    const withValue = migrateConfig(
      core32.Game({
        setup: () => ({}),
        moves: { m: (G: any) => G },
        flow: {
          turnOrder: { first: () => 0, next: (G: any, ctx: any) => (ctx.playOrderPos + 1) % 3, actionPlayers: { value: () => ['2'] } },
        },
      }),
    );
    has(withValue.notes, 'turnOrder-actionPlayers', 'decision');
    const s = modernSession(withValue.config, 3);
    expect(s.steps[0].ctx.activePlayers).toEqual({ 2: null });
  });
});

describe('actionPlayers, changeActionPlayers, setActionPlayers', () => {
  it('setActionPlayers / changeActionPlayers from a move are setActivePlayers; ctx.actionPlayers reads the active players', () => {
    const legacy = core32.Game({
      setup: () => ({ seen: [] as string[][] }),
      moves: {
        all: (G: any, ctx: any) => {
          ctx.events.setActionPlayers({ all: true });
          return G;
        },
        two: (G: any, ctx: any) => {
          ctx.events.changeActionPlayers(['2']);
          return G;
        },
        look: (G: any, ctx: any) => ({ seen: [...G.seen, ctx.actionPlayers] }),
      },
      flow: { setActionPlayers: true },
    });
    const { config, notes } = migrateConfig(legacy);
    const s = modernSession(config, 3);
    expect(quiet(() => s.dispatch(move('all'))).ctx.activePlayers).toEqual({ 0: null, 1: null, 2: null });
    quiet(() => s.dispatch(move('look', '1')));
    expect(quiet(() => s.dispatch(move('two', '1'))).ctx.activePlayers).toEqual({ 2: null });
    quiet(() => s.dispatch(move('look', '2')));
    expect((s.currentState.G as any).seen).toEqual([['0', '1', '2'], ['2']]);
    has(notes, 'setActionPlayers', 'info', 'moves.all');
    has(notes, 'changeActionPlayers', 'info', 'moves.two');
    has(notes, 'actionPlayers', 'info', 'moves.look');
    expect(config.events).toEqual({ endGame: false });
  });

  it('once: the players leave after one move', () => {
    const legacy = core32.Game({
      setup: () => ({}),
      moves: {
        ask: (G: any, ctx: any) => {
          ctx.events.setActionPlayers({ others: true, once: true });
          return G;
        },
        answer: (G: any) => G,
      },
    });
    const s = modernSession(migrateConfig(legacy).config, 3);
    expect(quiet(() => s.dispatch(move('ask'))).ctx.activePlayers).toEqual({ 1: null, 2: null });
    expect(quiet(() => s.dispatch(move('answer', '1'))).ctx.activePlayers).toEqual({ 2: null });
  });
});

describe('endPhase({ next }), endPhase(name), the default phase, phases as an array', () => {
  it("endPhase({ next: 'c' }) in a move (0.27–0.32) is setPhase('c'), as on 0.32.1", () => {
    const legacy = core32.Game({
      setup: () => ({}),
      moves: {
        toC: (G: any, ctx: any) => {
          ctx.events.endPhase({ next: 'c' });
          return G;
        },
      },
      flow: { startingPhase: 'a', phases: { a: { next: 'b' }, b: { next: 'a' }, c: { next: 'a' } } },
    });
    const { config, notes } = migrateConfig(legacy);
    const actions = [move('toC')];
    expect(modernRun(config, 2, actions).at(-1)!.phase).toBe('c');
    expect(legacyRun('0.32', legacy, 2, actions).at(-1)!.phase).toBe('c');
    has(notes, 'endPhase-next', 'info', 'moves.toC');
  });

  it("endPhase('b') (0.26) is setPhase('b')", () => {
    const legacy = core26.Game({
      setup: () => ({}),
      moves: {
        toB: (G: any, ctx: any) => {
          ctx.events.endPhase('c');
          return G;
        },
      },
      flow: { phases: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] },
    });
    const { config } = migrateConfig(legacy);
    const actions = [move('toB')];
    expect(modernRun(config, 2, actions).at(-1)!.phase).toBe('c');
    expect(legacyRun('0.26', legacy, 2, actions).at(-1)!.phase).toBe('c');
  });

  it('a phase without next goes back to the phase it came from (statically known), as on 0.32.1', () => {
    const legacy = core32.Game({
      setup: () => ({}),
      moves: { m: (G: any) => G },
      flow: { startingPhase: 'a', phases: { a: { next: 'b' }, b: {} } },
    });
    const { config, notes } = migrateConfig(legacy);
    expect(config.phases.b.next).toBe('a');
    const actions = [event('endPhase', '0'), event('endPhase', '0'), event('endPhase', '0')];
    expect(modernRun(config, 1, actions).map((s) => s.phase)).toEqual(legacyRun('0.32', legacy, 1, actions).map((s) => s.phase));
    expect(modernRun(config, 1, actions).map((s) => s.phase)).toEqual(['a', 'b', 'a', 'b']);
    has(notes, 'default-phase', 'info', 'flow.phases.b');
  });

  it('a phase entered from two places is a decision; no startingPhase is the no-phase state', () => {
    const legacy = core32.Game({
      setup: () => ({}),
      moves: { m: (G: any) => G },
      flow: { startingPhase: 'a', phases: { a: { next: 'shop' }, b: { next: 'shop' }, shop: {} } },
    });
    const { config, notes } = migrateConfig(legacy);
    expect(config.phases.shop.next).toBeUndefined();
    has(notes, 'default-phase', 'decision', 'flow.phases.shop');
    const noStart = migrateConfig(core32.Game({ moves: { m: (G: any) => G }, flow: { phases: { a: {} } } }));
    expect(noStart.config.phases.a.start).toBeUndefined();
    expect(modernSession(noStart.config, 2).steps[0].ctx.phase).toBeNull();
  });

  it("code comparing ctx.phase with 'default' sees 'default' in the no-phase state (decision for the source)", () => {
    const legacy = core32.Game({
      setup: () => ({ where: '' }),
      moves: { m: (G: any, ctx: any) => ({ where: ctx.phase === 'default' ? 'none' : ctx.phase }) },
      flow: { phases: { a: {} } },
    });
    const { config, notes } = migrateConfig(legacy);
    const s = modernSession(config, 2);
    quiet(() => s.dispatch(move('m')));
    expect(s.currentState.G).toEqual({ where: 'none' });
    has(notes, 'default-phase', 'decision', 'moves.m');
  });

  it('phases as an array (0.26) go round robin, as on 0.26.3', () => {
    const legacy = core26.Game({
      setup: () => ({}),
      moves: { m: (G: any) => G },
      flow: { phases: [{ name: 'x' }, { name: 'y' }, { name: 'z' }] },
    });
    const { config, notes } = migrateConfig(legacy);
    expect(config.phases).toMatchObject({ x: { start: true, next: 'y' }, y: { next: 'z' }, z: { next: 'x' } });
    const actions = [event('endPhase'), event('endPhase'), event('endPhase')];
    expect(modernRun(config, 2, actions).map((s) => s.phase)).toEqual(legacyRun('0.26', legacy, 2, actions).map((s) => s.phase));
    has(notes, 'phases-array', 'info', 'flow.phases');
  });

  it('endPhaseIf returning a phase name (0.26) goes there', () => {
    const legacy = core26.Game({
      setup: () => ({ n: 0 }),
      moves: { m: (G: any) => ({ n: G.n + 1 }) },
      flow: { phases: [{ name: 'x', endPhaseIf: (G: any) => (G.n > 0 ? 'z' : false) }, { name: 'y' }, { name: 'z' }] },
    });
    const { config, notes } = migrateConfig(legacy);
    expect(modernRun(config, 2, [move('m')]).at(-1)!.phase).toBe('z');
    expect(legacyRun('0.26', legacy, 2, [move('m')]).at(-1)!.phase).toBe('z');
    has(notes, 'endPhaseIf-next', 'info');
  });
});

describe('(G, ctx) functions with ctx.events, ctx.random, ctx.playerID', () => {
  it('a 0.40-era config (seeds/003 shape) runs with its bodies unchanged', () => {
    function DrawCard(G: any, ctx: any) {
      G.deck--;
      G.hand[ctx.currentPlayer]++;
      G.rolls.push(ctx.random.D6());
      G.by.push(ctx.playerID);
    }
    function PlayCard(G: any, ctx: any) {
      G.deck++;
      G.hand[ctx.currentPlayer]--;
      if (G.hand.every((h: number) => h === 0)) ctx.events.endPhase();
    }
    const game = {
      setup: (ctx: any) => ({ deck: 6, hand: Array(ctx.numPlayers).fill(0), rolls: [] as number[], by: [] as string[] }),
      turn: { moveLimit: 1 },
      phases: {
        draw: { moves: { DrawCard }, start: true, endIf: (G: any) => G.deck <= 0, next: 'play' },
        play: { moves: { PlayCard }, next: (G: any) => (G.deck > 0 ? 'draw' : 'play') },
      },
    };
    const { config, notes } = migrateConfig(game);
    expect(config.turn).toEqual({ minMoves: 1, maxMoves: 1 });
    const s = modernSession(config, 2);
    for (let i = 0; i < 6; i++) expect(quiet(() => s.dispatch(move('DrawCard', s.steps[s.lastIndex].ctx.currentPlayer))).ok).toBe(true);
    expect(s.steps[s.lastIndex].ctx.phase).toBe('play');
    const G = s.currentState.G as any;
    expect(G.rolls).toHaveLength(6);
    expect(G.rolls.every((r: number) => r >= 1 && r <= 6)).toBe(true);
    expect(G.by).toEqual(['0', '1', '0', '1', '0', '1']);
    for (let i = 0; i < 6; i++) quiet(() => s.dispatch(move('PlayCard', s.steps[s.lastIndex].ctx.currentPlayer)));
    expect(s.steps[s.lastIndex].ctx.phase).toBe('draw');
    has(notes, 'moveLimit', 'info', 'turn.moveLimit');
    has(notes, 'g-ctx-signature', 'info', 'phases.draw.moves.DrawCard');
    expect(notes.find((n) => n.path === 'phases.draw.moves.DrawCard')!.message).toMatch(/`ctx\.random`, `ctx\.playerID` are read from it/);
  });

  it('the Bang! document’s (G, ctx) onMove opens the response stage once migrated (reference §9)', () => {
    const game = {
      setup: () => ({ pendingAction: null as any }),
      moves: {
        playBang: ({ G }: any, target: string) => {
          G.pendingAction = { targetPlayerId: target };
        },
      },
      turn: {
        onMove: (G: any, ctx: any) => {
          if (G.pendingAction && ctx.events?.setActivePlayers) {
            ctx.events.setActivePlayers({ value: { [G.pendingAction.targetPlayerId]: 'respondToBang' }, moveLimit: 1 });
          }
        },
        stages: { respondToBang: { moves: { takeDamage: ({ G }: any) => void (G.pendingAction = null) } } },
      },
    };
    const before = modernSession(game, 3);
    expect(quiet(() => before.dispatch(move('playBang', '0', ['2']))).ctx.activePlayers).toBeNull();
    const { config, notes } = migrateConfig(game);
    const s = modernSession(config, 3);
    expect(quiet(() => s.dispatch(move('playBang', '0', ['2']))).ctx.activePlayers).toEqual({ 2: 'respondToBang' });
    expect(quiet(() => s.dispatch(move('takeDamage', '2'))).ctx.activePlayers).toBeNull();
    const note = notes.find((n) => n.path === 'turn.onMove')!;
    expect(note.message).toMatch(/its `ctx\.events` calls never ran/);
    expect(config.moves.playBang).toBe(game.moves.playBang);
  });
});

describe('≤0.26 moves, undoableMoves, redactedMoves, optimisticUpdate, plugins, events flags, unreadable Game() results', () => {
  it('a 0.26 move that returns nothing is refused, as 0.26.3 refused it; the source needs a decision', () => {
    const legacy = core26.Game({
      setup: () => ({ n: 0 }),
      moves: {
        bad: (G: any) => {
          G.n++;
        },
        good: (G: any) => ({ n: G.n + 1 }),
      },
    });
    const { config, notes } = migrateConfig(legacy);
    const s = modernSession(config, 2);
    expect(quiet(() => s.dispatch(move('bad'))).ok).toBe(false);
    expect(quiet(() => s.dispatch(move('good'))).ok).toBe(true);
    has(notes, 'g-ctx-signature', 'decision', 'moves.bad');
    expect(decisions(notes).map((n) => n.path)).toEqual(['moves.bad']);
  });

  it('undoableMoves and redactedMoves are the long move form; optimisticUpdate and plugins need decisions', () => {
    const legacy = core32.Game({
      moves: { a: (G: any) => G, b: (G: any) => G },
      plugins: [{ fnWrap: (fn: any) => fn }],
      flow: { undoableMoves: ['a'], redactedMoves: ['b'], optimisticUpdate: () => true, endGame: true, endTurn: false },
    });
    const { config, notes } = migrateConfig(legacy);
    expect(typeof config.moves.a).toBe('function');
    expect(config.moves.b).toMatchObject({ undoable: false, redact: true });
    expect(typeof config.moves.b.move).toBe('function');
    expect(config.events).toEqual({ endTurn: false, setActivePlayers: false });
    expect(config.plugins).toBeUndefined();
    has(notes, 'undoableMoves');
    has(notes, 'redactedMoves');
    has(notes, 'optimisticUpdate', 'decision');
    has(notes, 'legacy-plugins', 'decision');
  });

  it('reading ctx.allowedMoves / ctx.stats needs a decision', () => {
    const { notes } = migrateConfig(core32.Game({ moves: { m: (G: any, ctx: any) => ({ n: ctx.stats.turn.numMoves }) } }));
    has(notes, 'legacy-ctx-field', 'decision', 'moves.m');
  });

  it('a Game() result made without Flowscope’s recording cannot be read back: decision', () => {
    const raw = require('bgio-0.32/dist/core.js').Game({ moves: { m: (G: any) => G }, flow: { movesPerTurn: 1 } });
    const { notes } = migrateConfig(raw);
    has(notes, 'game-wrapper', 'decision', '');
  });

  it('a 0.50 config without legacy code comes back as it was, with no notes', () => {
    const modern = { setup: () => ({}), moves: { m: ({ G }: any) => G }, turn: { minMoves: 1 } };
    const { config, notes } = migrateConfig(modern);
    expect(notes).toEqual([]);
    expect(config).toEqual(modern);
    expect(config.moves.m).toBe(modern.moves.m);
  });
});

describe('the legacy fixtures: the original on its own release and the migration on 0.50.2, same actions, same games', () => {
  const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures');
  async function loadFixture(name: string, core: unknown): Promise<any> {
    const result = await esbuild.build({
      entryPoints: [`${fixturesDir}/${name}/game.ts`],
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      external: ['boardgame.io', 'boardgame.io/*'],
      logLevel: 'silent',
    });
    const module = { exports: {} as Record<string, any> };
    new Function('exports', 'require', 'module', result.outputFiles[0].text)(
      module.exports,
      (id: string) => (id.startsWith('boardgame.io') ? core : require(id)),
      module,
    );
    return module.exports.default;
  }

  /** Random moves by whoever may move, and endTurn/endPhase by the current player, played on both. */
  function compare(
    release: '0.26' | '0.32',
    legacy: any,
    numPlayers: number,
    seed: string,
    steps: number,
    avoid: (action: FlowAction, G: any) => boolean = () => false,
  ) {
    const random = createPrng(seed);
    const { config } = migrateConfig(legacy);
    const session = modernSession(config, numPlayers);
    const actions: FlowAction[] = [];
    const now = [modernRun(config, numPlayers, [])[0]];
    for (let i = 0; i < steps; i++) {
      const c = session.steps[session.lastIndex].ctx;
      if (c.gameover !== undefined) break;
      const movers = c.activePlayers ? Object.keys(c.activePlayers) : [c.currentPlayer];
      const player = movers[Math.floor(random() * movers.length)];
      const options: FlowAction[] = session.game.availableMoves(session.currentState, player).map((name) => move(name, player));
      if (player === c.currentPlayer) options.push(event('endTurn', player), ...(random() < 0.2 ? [event('endPhase', player)] : []));
      const allowed = options.filter((o) => !avoid(o, session.currentState.G));
      const action = allowed[Math.floor(random() * allowed.length)];
      actions.push(action);
      quiet(() => session.dispatch(action));
      const after = session.steps[session.lastIndex].ctx;
      now.push({
        phase: after.gameover !== undefined ? '(game over)' : after.phase,
        currentPlayer: after.currentPlayer,
        movers: (after.activePlayers ? Object.keys(after.activePlayers) : [after.currentPlayer]).sort(),
        G: JSON.parse(JSON.stringify(session.currentState.G)),
      });
    }
    const old = legacyRun(release, legacy, numPlayers, actions);
    for (let i = 0; i < now.length; i++) {
      expect([i, actions[i - 1], now[i]]).toEqual([i, actions[i - 1], old[i]]);
    }
    return { actions, phases: new Set(now.map((s) => s.phase)) };
  }

  it('legacy-card-phases: 0.32.1 vs 0.50.2 (1 and 2 players)', async () => {
    for (const players of [1, 2]) {
      const { phases } = compare('0.32', await loadFixture('legacy-card-phases', core32), players, `cards${players}`, 150);
      expect([...phases].sort()).toEqual(['draw', 'play']);
    }
  });

  it('legacy-turn-orders: 0.26.3 vs 0.50.2 (every phase and turn order visited)', async () => {
    // Left out: passToThree as the move that ends its phase. 0.26 then still applies its
    // endTurn('3') in the next phase's first turn; 0.33+ drops an event whose turn has ended
    // (semanticDifferences: stale-events).
    const lastMoveOfPhase = (a: FlowAction, G: any) => a.type === 'move' && a.name === 'passToThree' && G.phaseMoves === 3;
    for (const seed of ['t1', 't2', 't3']) {
      const { phases } = compare('0.26', await loadFixture('legacy-turn-orders', core26), 4, seed, 200, lastMoveOfPhase);
      expect([...phases].filter((p) => p !== '(game over)').sort()).toEqual([
        'action-players',
        'any',
        'default-order',
        'jump-to-3',
        'skip-one',
      ]);
    }
  });
});

describe('the remaining notes', () => {
  it('a function without readable source (bound) is still called positionally; decision', () => {
    const inc = function (this: unknown, G: any) {
      return { n: G.n + 1 };
    }.bind(null);
    const legacy = core32.Game({ setup: () => ({ n: 0 }), moves: { inc } });
    const { config, notes } = migrateConfig(legacy);
    has(notes, 'g-ctx-signature', 'decision', 'moves.inc');
    const s = modernSession(config, 2);
    quiet(() => s.dispatch(move('inc')));
    expect(s.currentState.G).toEqual({ n: 1 });
  });

  it('allowedMoves naming unknown moves, a phase named default, next: default', () => {
    const { config, notes } = migrateConfig(
      core32.Game({
        moves: { a: (G: any) => G },
        flow: { startingPhase: 'p', phases: { p: { allowedMoves: ['a', 'nope'], next: 'default' }, default: { next: 'p' } } },
      }),
    );
    expect(Object.keys(config.phases)).toEqual(['p']);
    expect(Object.keys(config.phases.p.moves)).toEqual(['a']);
    expect(config.phases.p.next).toBeUndefined();
    expect(notes.filter((n) => n.feature === 'allowedMoves' && /nope/.test(n.message))).toHaveLength(1);
    has(notes, 'default-phase', 'info', 'flow.phases.default');
    has(notes, 'default-phase', 'info', 'flow.phases.p.next');
  });

  it("endPhase({ next: 'default' }) and a computed endPhase argument are decisions", () => {
    const legacy = core32.Game({
      setup: () => ({}),
      moves: {
        out: (G: any, ctx: any) => {
          ctx.events.endPhase({ next: 'default' });
          return G;
        },
        anywhere: (G: any, ctx: any) => {
          ctx.events.endPhase({ next: G.target });
          return G;
        },
      },
      flow: { startingPhase: 'a', phases: { a: { next: 'b' }, b: {} } },
    });
    const { notes } = migrateConfig(legacy);
    has(notes, 'endPhase-next', 'decision', 'moves.out');
    has(notes, 'endPhase-next', 'decision', 'moves.anywhere');
    // The computed target makes the return of `b` unknown, too.
    has(notes, 'default-phase', 'decision', 'flow.phases.b');
  });

  it('a 0.33–0.49 TurnOrder preset (known by identity) is the 0.50 one; a turnOrder.actionPlayers list is turn.activePlayers', () => {
    const T49 = require('bgio-0.49/dist/cjs/core.js').TurnOrder;
    const T50 = require('boardgame.io/dist/cjs/core.js').TurnOrder;
    const game = { moves: { m: (G: any) => G }, phases: { a: { start: true, turn: { order: T49.ONCE } } } };
    const { config, notes } = migrateConfig(game, { release: '0.49.13', turnOrders: T49 });
    expect(config.phases.a.turn.order).toBe(T50.ONCE);
    has(notes, 'TurnOrder-preset', 'info', 'phases.a.turn.order');
    const list = migrateConfig(core32.Game({ moves: {}, flow: { turnOrder: { first: () => 0, next: () => 0, actionPlayers: ['1'] } } }));
    expect(list.config.turn.activePlayers).toEqual({ value: { 1: null } });
  });
});

describe('what a 0.50 config keeps', () => {
  it('unchanged parts keep their identity (TurnOrder presets, modern moves); only the (G, ctx) function is wrapped', () => {
    const { TurnOrder } = require('boardgame.io/dist/cjs/core.js');
    const stages = { respond: { moves: { answer: ({ G }: any) => G } } };
    const game = {
      moves: { m: ({ G }: any) => G },
      turn: { order: TurnOrder.DEFAULT, stages, onMove: (G: any, ctx: any) => ctx.events.endTurn() },
    };
    const { config } = migrateConfig(game);
    expect(config.turn.order).toBe(TurnOrder.DEFAULT);
    expect(config.turn.stages).toBe(stages);
    expect(config.moves).toBe(game.moves);
    expect(config.turn.onMove).not.toBe(game.turn.onMove);
    const s = modernSession(config, 2);
    expect(quiet(() => s.dispatch(move('m'))).ctx.currentPlayer).toBe('1');
  });
});

describe('a field game code sets on a Game(...) result afterwards', () => {
  it('is read with the spec from a recording Game with no release at hand, new fields and replaced ones alike', async () => {
    const { readLegacy, recordingGame } = await import('../analysis/read-legacy');
    const game = recordingGame()({ setup: () => ({ n: 0 }), moves: {}, flow: { movesPerTurn: 1 } });
    const setup = () => ({ n: 5 });
    Object.assign(game, { minPlayers: 4, setup });
    expect(readLegacy(game).spec).toMatchObject({ minPlayers: 4, setup, flow: { movesPerTurn: 1 } });
  });

  it('is migrated as the release runs it (game.setup = …)', async () => {
    const { loadRuntime } = await import('../../runtime/registry');
    const runtime = await loadRuntime('0.32.1');
    const { Game } = runtime.modules['boardgame.io/core'] as { Game: (spec: GameConfig) => GameConfig };
    const game = Game({ setup: () => ({ n: 0 }), moves: { bump: (G: { n: number }) => ({ n: G.n + 1 }) }, flow: { movesPerTurn: 1 } });
    game.setup = () => ({ n: 5 });
    const original = new Session({ runtime, config: game, numPlayers: 2, seed: 'late' });
    const migrated = new Session({
      runtime: bgio050,
      config: migrateConfig(game, { release: '0.32.1' }).config,
      numPlayers: 2,
      seed: 'late',
    });
    expect(original.stateAt(0).G).toEqual({ n: 5 });
    expect(migrated.stateAt(0).G).toEqual({ n: 5 });
  });
});

describe('a 0.32 phase without next, entered from the implicit default phase', () => {
  it('is noted with what 0.50 cannot do: coming back to it when default ends', async () => {
    const { loadRuntime } = await import('../../runtime/registry');
    const runtime = await loadRuntime('0.32.1');
    const { Game } = runtime.modules['boardgame.io/core'] as { Game: (spec: GameConfig) => GameConfig };
    const game = Game({
      setup: () => ({ n: 0 }),
      moves: { inc: (G: { n: number }) => ({ n: G.n + 1 }) },
      flow: { startingPhase: 'main', phases: { main: { allowedMoves: ['inc'] } } },
    });
    const note = migrateConfig(game, { release: '0.32.1' }).notes.find((n) => n.feature === 'default-phase');
    expect(note?.message).toMatch(/ending `default` then went back to `main`, while in 0\.50 the game stays in no phase/);
    // What 0.32.1 itself does: main → default → main.
    const session = new Session({ runtime, config: game, numPlayers: 2, seed: 'no-next' });
    for (let i = 0; i < 2; i++)
      session.dispatch({ type: 'event', name: 'endPhase', args: [], playerID: session.steps[session.lastIndex].ctx.currentPlayer });
    expect(session.steps.map((s) => s.ctx.phase)).toEqual(['main', 'default', 'main']);
  });
});
