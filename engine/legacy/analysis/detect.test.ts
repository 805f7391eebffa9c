import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { detectLegacy } from './detect';
import { legacyCoreModule } from './read-legacy';
import type { LegacyFinding } from './types';

const require = createRequire(import.meta.url);
const core26: any = legacyCoreModule(require('bgio-0.26/dist/core.js'), '0.26.3');
const core32: any = legacyCoreModule(require('bgio-0.32/dist/core.js'), '0.32.1');

const pairs = (findings: LegacyFinding[]) => findings.map((f) => `${f.feature} @ ${f.path}`);

describe('detectLegacy: every legacy key with its config path', () => {
  it('a 0.27–0.32 Game() with a flow section (recorded by Flowscope’s Game)', () => {
    const game = core32.Game({
      setup: () => ({}),
      moves: {
        pick: (G: any, ctx: any) => {
          ctx.events.endPhase({ next: 'b' });
          ctx.events.setActionPlayers({ all: true });
          return { ...G, by: ctx.playerID, roll: ctx.random.D6(), who: ctx.actionPlayers };
        },
        old: (G: any, ctx: any) => {
          ctx.events.changeActionPlayers(['1']);
          return { ...G, n: ctx.stats.turn.numMoves };
        },
      },
      flow: {
        startingPhase: 'a',
        movesPerTurn: 2,
        endTurnIf: (G: any) => (G.done ? { next: '1' } : false),
        endGameIf: (G: any) => G.over,
        onTurnBegin: (G: any) => G,
        onTurnEnd: (G: any) => G,
        onMove: (G: any) => G,
        turnOrder: core32.TurnOrder.ANY,
        endGame: true,
        redactedMoves: ['old'],
        optimisticUpdate: () => true,
        phases: {
          a: {
            allowedMoves: ['pick'],
            endPhaseIf: (G: any) => (G.x ? { next: 'b' } : false),
            onPhaseBegin: (G: any) => G,
            onPhaseEnd: (G: any) => G,
            next: 'b',
            undoableMoves: ['pick'],
          },
          b: {
            endGameIf: (G: any, ctx: any) => (ctx.phase === 'default' ? {} : undefined),
            turnOrder: { first: () => 0, next: (G: any, ctx: any) => (ctx.playOrderPos + 1) % 2, actionPlayers: { others: true } },
          },
        },
      },
    });
    const found = pairs(detectLegacy(game));
    expect(found).toEqual(
      expect.arrayContaining([
        'game-wrapper @ ',
        'flow @ flow',
        'startingPhase @ flow.startingPhase',
        'movesPerTurn @ flow.movesPerTurn',
        'endTurnIf @ flow.endTurnIf',
        'endTurnIf-next @ flow.endTurnIf',
        'endGameIf @ flow.endGameIf',
        'onTurnBegin @ flow.onTurnBegin',
        'onTurnEnd @ flow.onTurnEnd',
        'onMove @ flow.onMove',
        'turnOrder @ flow.turnOrder',
        'TurnOrder.ANY @ flow.turnOrder',
        'flow-events @ flow.endGame',
        'redactedMoves @ flow.redactedMoves',
        'optimisticUpdate @ flow.optimisticUpdate',
        'allowedMoves @ flow.phases.a.allowedMoves',
        'undoableMoves @ flow.phases.a.undoableMoves',
        'endPhaseIf @ flow.phases.a.endPhaseIf',
        'endPhaseIf-next @ flow.phases.a.endPhaseIf',
        'onPhaseBegin @ flow.phases.a.onPhaseBegin',
        'onPhaseEnd @ flow.phases.a.onPhaseEnd',
        'endGameIf @ flow.phases.b.endGameIf',
        'default-phase @ flow.phases.b',
        'default-phase @ flow.phases.b.endGameIf',
        'turnOrder-actionPlayers @ flow.phases.b.turnOrder.actionPlayers',
        'g-ctx-signature @ moves.pick',
        'ctx.events @ moves.pick',
        'ctx.random @ moves.pick',
        'ctx.playerID @ moves.pick',
        'actionPlayers @ moves.pick',
        'endPhase-next @ moves.pick',
        'setActionPlayers @ moves.pick',
        'changeActionPlayers @ moves.old',
        'legacy-ctx-field @ moves.old',
        'g-ctx-signature @ flow.phases.a.endPhaseIf',
      ]),
    );
    for (const f of detectLegacy(game)) {
      expect(f.message.length).toBeGreaterThan(20);
      expect(f.changedIn).toMatch(/^0\.\d+$/);
    }
  });

  it('0.26: phases as an array, endTurn(id), endTurnIf returning an id, { playOrderPos, actionPlayers }, endPhase(name)', () => {
    const game = core26.Game({
      moves: {
        jump: (G: any, ctx: any) => {
          ctx.events.endTurn('3');
          ctx.events.endPhase('b');
          return G;
        },
      },
      flow: {
        turnOrder: {
          first: () => ({ playOrderPos: 0, actionPlayers: ['0'] }),
          next: (G: any, ctx: any) => ({ playOrderPos: (ctx.playOrderPos + 1) % 4, actionPlayers: ['0', '1'] }),
        },
        phases: [
          { name: 'a', endTurnIf: () => '3' },
          { name: 'b', turnOrder: core26.TurnOrder.ANY, endPhaseIf: () => 'a' },
        ],
      },
    });
    expect(pairs(detectLegacy(game))).toEqual(
      expect.arrayContaining([
        'phases-array @ flow.phases',
        'turnOrder-position-object @ flow.turnOrder.first',
        'turnOrder-position-object @ flow.turnOrder.next',
        'endTurnIf-player @ flow.phases[0].endTurnIf',
        'TurnOrder.ANY @ flow.phases[1].turnOrder',
        'endPhaseIf-next @ flow.phases[1].endPhaseIf',
        'endTurn-player @ moves.jump',
        'endPhase-next @ moves.jump',
      ]),
    );
  });

  it('a plain spec with a flow section (no Game wrapper), and the implicit default phase', () => {
    const found = pairs(detectLegacy({ moves: { m: (G: any) => G }, flow: { phases: { a: { next: 'default' } } } }));
    expect(found).toEqual(expect.arrayContaining(['flow @ flow', 'default-phase @ flow', 'default-phase @ flow.phases.a.next']));
    expect(found).not.toContain('game-wrapper @ ');
  });

  it('an unrecorded Game() result is reported as unreadable', () => {
    const raw = require('bgio-0.32/dist/core.js').Game({ moves: {}, flow: { movesPerTurn: 1 } });
    const [first] = detectLegacy(raw);
    expect(first).toMatchObject({ feature: 'game-wrapper', path: '' });
    expect(first.message).toMatch(/cannot be read back/);
  });

  it('0.33–0.49 (seeds/003): (G, ctx) moves, hooks and triggers, and turn.moveLimit', () => {
    function DrawCard(G: any, ctx: any) {
      G.hand[ctx.currentPlayer]++;
    }
    const game = {
      setup: (ctx: any) => ({ hand: Array(ctx.numPlayers).fill(0) }),
      turn: { moveLimit: 1 },
      phases: {
        draw: {
          moves: { DrawCard },
          start: true,
          endIf: (G: any) => G.deck <= 0,
          next: (G: any, ctx: any) => (ctx.random.D6() > 3 ? 'a' : 'b'),
          onBegin: (G: any, ctx: any) => ctx.events.endTurn(),
        },
      },
    };
    expect(pairs(detectLegacy(game))).toEqual(
      expect.arrayContaining([
        'moveLimit @ turn.moveLimit',
        'g-ctx-signature @ setup',
        'g-ctx-signature @ phases.draw.moves.DrawCard',
        'g-ctx-signature @ phases.draw.endIf',
        'g-ctx-signature @ phases.draw.next',
        'ctx.random @ phases.draw.next',
        'ctx.events @ phases.draw.onBegin',
      ]),
    );
  });

  it('0.50 with one (G, ctx) function: only that one (the Bang! onMove pitfall); moveLimit in setActivePlayers', () => {
    const game = {
      setup: () => ({ pendingAction: null }),
      moves: { playBang: ({ G }: any) => G },
      turn: {
        onBegin: ({ G }: any) => G,
        onMove: (G: any, ctx: any) => {
          if (G.pendingAction && ctx.events?.setActivePlayers) ctx.events.setActivePlayers({ value: { 1: 'respondToBang' }, moveLimit: 1 });
        },
      },
    };
    expect(pairs(detectLegacy(game))).toEqual(['g-ctx-signature @ turn.onMove', 'ctx.events @ turn.onMove', 'moveLimit @ turn.onMove']);
  });

  it('a clean 0.50 config has no findings', () => {
    expect(detectLegacy({ setup: () => ({}), moves: { m: ({ G }: any) => G }, phases: { a: { start: true, next: 'b' }, b: {} } })).toEqual(
      [],
    );
  });
});
