/**
 * The semantic-differences table, and the claims behind it checked on the installed releases
 * (node_modules/bgio-0.26, bgio-0.32, bgio-0.43, bgio-0.49 and boardgame.io 0.50.2).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CHANGED_IN } from '../analysis/detect';
import { differencesFor, differenceShownBy, semanticDifferences } from './differences';
import { quiet } from '../../testing/quiet-console';

const require = createRequire(import.meta.url);
const old = (release: '0.26' | '0.32') => require(`bgio-${release}/dist/core.js`);
const modern = (release: '0.39' | '0.43' | '0.49' | '0.50') =>
  require(release === '0.50' ? 'boardgame.io/dist/cjs/internal.js' : `bgio-${release}/dist/cjs/internal.js`);

/** A `Game()` on 0.26 / 0.32: initial state and reducer. */
function legacy(release: '0.26' | '0.32', spec: any, numPlayers = 4) {
  const core = old(release);
  const game = core.Game(spec);
  const reducer = release === '0.26' ? core.CreateGameReducer({ game, numPlayers }) : core.CreateGameReducer({ game });
  const state = release === '0.26' ? reducer(undefined, { type: '@@init' }) : core.InitializeGame({ game, numPlayers });
  return { state, reducer: (s: any, a: any) => quiet(() => reducer(s, a)) };
}
function current(release: '0.39' | '0.43' | '0.49' | '0.50', game: any, numPlayers = 4) {
  const { InitializeGame, CreateGameReducer } = modern(release);
  const reducer = CreateGameReducer({ game });
  return { state: quiet(() => InitializeGame({ game, numPlayers })), reducer: (s: any, a: any) => quiet(() => reducer(s, a)) };
}
const ev = (type: string, args: unknown[] = [], playerID = '0') => ({ type: 'GAME_EVENT', payload: { type, args, playerID } });
const mv = (type: string, args: unknown[] = [], playerID = '0') => ({ type: 'MAKE_MOVE', payload: { type, args, playerID } });

describe('semanticDifferences', () => {
  it('each has since, what, symptom, features known to detectLegacy, and a one-sentence explain', () => {
    expect(semanticDifferences.length).toBeGreaterThanOrEqual(10);
    const ids = new Set<string>();
    for (const d of semanticDifferences) {
      expect(ids.has(d.id)).toBe(false);
      ids.add(d.id);
      expect(d.since).toMatch(/\d/);
      expect(d.what.length).toBeGreaterThan(30);
      expect(d.symptom.length).toBeGreaterThan(20);
      for (const f of d.features) expect(CHANGED_IN[f], f).toBeDefined();
      const sentence = d.explain({ from: '0.32.1', to: '0.50.2', phase: 'play', path: 'flow.phases.play', player: '3', step: 7 });
      expect(sentence).toMatch(/^[A-Z0-9`'(].*\.$/);
      expect(sentence).toContain('(step 7)');
      expect(d.explain({})).toMatch(/\.$/);
    }
  });

  it('differencesFor picks the differences of a game’s legacy features', () => {
    expect(differencesFor(['endTurn-player']).map((d) => d.id)).toEqual(['stale-events', 'endTurn-argument']);
    expect(differencesFor(['g-ctx-signature']).map((d) => d.id)).toEqual(['context-object', 'move-returns-nothing']);
    expect(differencesFor([])).toEqual([]);
    // endif-before-onbegin needs both: an onPhaseBegin and an endPhaseIf.
    expect(differencesFor(['endPhaseIf']).map((d) => d.id)).not.toContain('endif-before-onbegin');
    expect(differencesFor(['endPhaseIf', 'onPhaseBegin']).map((d) => d.id)).toContain('endif-before-onbegin');
  });
});

describe('the claims, on the installed releases', () => {
  it('phase-end-goes-back: 0.32 goes back to the previous phase, 0.50 to no phase', () => {
    let { state, reducer } = legacy('0.32', {
      moves: { m: (G: any) => G },
      flow: { startingPhase: 'a', phases: { a: { next: 'b' }, b: {} } },
    });
    state = reducer(reducer(state, ev('endPhase')), ev('endPhase'));
    expect(state.ctx.phase).toBe('a');
    const m = current('0.50', { moves: {}, phases: { a: { start: true, next: 'b' }, b: {} } });
    expect(m.reducer(m.reducer(m.state, ev('endPhase')), ev('endPhase', [], '1')).ctx.phase).toBeNull();
  });

  it('phase-change-keeps-turn and turn-numbering: 0.32 keeps turn 0 and the player; 0.50 starts turn 2 with the next player', () => {
    let { state, reducer } = legacy('0.32', {
      moves: { m: (G: any) => G },
      flow: { startingPhase: 'a', phases: { a: { next: 'b' }, b: {} } },
    });
    expect(state.ctx.turn).toBe(0);
    state = reducer(state, ev('endPhase'));
    expect([state.ctx.phase, state.ctx.turn, state.ctx.currentPlayer]).toEqual(['b', 0, '0']);
    const m = current('0.50', { moves: {}, phases: { a: { start: true, next: 'b' }, b: {} } });
    expect(m.state.ctx.turn).toBe(1);
    const s = m.reducer(m.state, ev('endPhase'));
    expect([s.ctx.phase, s.ctx.turn, s.ctx.currentPlayer]).toEqual(['b', 2, '1']);
  });

  it("endTurn-argument: endTurn('3') passes to 3 on 0.26; on 0.32 and 0.50 the same player goes on", () => {
    const a = legacy('0.26', { moves: {} });
    expect(a.reducer(a.state, ev('endTurn', ['3'])).ctx.currentPlayer).toBe('3');
    const b = legacy('0.32', { moves: {} });
    expect(b.reducer(b.state, ev('endTurn', ['3'])).ctx.currentPlayer).toBe('0');
    expect(b.reducer(b.state, ev('endTurn', [{ next: '3' }])).ctx.currentPlayer).toBe('3');
    const c = current('0.50', { moves: {} });
    const s = c.reducer(c.state, ev('endTurn', ['3']));
    expect([s.ctx.currentPlayer, s.ctx.turn]).toEqual(['0', 2]);
  });

  it("endTurnIf-player: returning '3' passes to 3 on 0.26, not on 0.32 or 0.50", () => {
    const a = legacy('0.26', { moves: { m: (G: any) => ({ ...G }) }, flow: { endTurnIf: () => '3' } });
    expect(a.reducer(a.state, mv('m')).ctx.currentPlayer).toBe('3');
    const b = legacy('0.32', { moves: { m: (G: any) => G }, flow: { endTurnIf: () => '3' } });
    expect(b.reducer(b.state, mv('m')).ctx.currentPlayer).toBe('0');
    const c = current('0.50', { moves: { m: () => {} }, turn: { endIf: () => '3' } });
    expect(c.reducer(c.state, mv('m')).ctx.currentPlayer).toBe('0');
  });

  it('g-not-draftable: a class-instance G runs on 0.39 (immer 1); 0.43 and 0.50 (immer 8, 9) throw the error the entry names', () => {
    class Counter {
      constructor(readonly n: number) {}
    }
    const game = () => ({ setup: () => new Counter(0), moves: { inc: (G: Counter) => new Counter(G.n + 1) } });
    const a = current('0.39', game());
    expect(a.reducer(a.state, mv('inc')).G).toEqual(new Counter(1));
    const pattern = semanticDifferences.find((d) => d.id === 'g-not-draftable')!.errorPattern!;
    for (const release of ['0.43', '0.50'] as const) expect(() => current(release, game())).toThrow(pattern);
    expect(differenceShownBy('moves.inc threw Error: [Immer] produce can only be called on things that are draftable: …')?.id).toBe(
      'g-not-draftable',
    );
    expect(differenceShownBy('moves.inc threw Error: boom')).toBeUndefined();
  });

  it('g-not-serializable: a move returning a Map in G is kept on 0.39 and 0.43.2-; 0.43.3 and 0.50 throw the error the entry names', () => {
    const game = { setup: () => ({ seen: {} }), moves: { see: () => ({ seen: new Map([['a', 1]]) }) } };
    const a = current('0.39', game);
    expect(a.reducer(a.state, mv('see')).G.seen).toBeInstanceOf(Map);
    const pattern = semanticDifferences.find((d) => d.id === 'g-not-serializable')!.errorPattern!;
    for (const release of ['0.43', '0.50'] as const) {
      const b = current(release, { ...game, moves: { see: () => ({ seen: new Map([['a', 1]]) }) } });
      expect(() => b.reducer(b.state, mv('see'))).toThrow(pattern);
    }
  });

  it('endPhase-argument: 0.50 ignores endPhase({ next })', () => {
    const c = current('0.50', {
      moves: { go: ({ events }: any) => events.endPhase({ next: 'c' }) },
      phases: { a: { start: true, next: 'b' }, b: {}, c: {} },
    });
    expect(c.reducer(c.state, mv('go')).ctx.phase).toBe('b');
  });

  it('turn-order-any: 0.26 ANY rotates the turn, 0.32 ANY keeps it; both let everyone move', () => {
    const a = legacy('0.26', { moves: {}, flow: { turnOrder: old('0.26').TurnOrder.ANY } });
    expect(a.state.ctx.actionPlayers).toEqual(['0', '1', '2', '3']);
    expect(a.reducer(a.state, ev('endTurn')).ctx.currentPlayer).toBe('1');
    const b = legacy('0.32', { moves: {}, flow: { turnOrder: old('0.32').TurnOrder.ANY } });
    expect(b.state.ctx.actionPlayers).toEqual(['0', '1', '2', '3']);
    expect(b.reducer(b.state, ev('endTurn')).ctx.currentPlayer).toBe('0');
  });

  it('move-returns-nothing: 0.26 refuses a move that returns nothing, 0.32 (immer) accepts it', () => {
    const a = legacy('0.26', { setup: () => ({ n: 0 }), moves: { m: (G: any) => void G.n++ } });
    expect(a.reducer(a.state, mv('m'))._stateID).toBe(a.state._stateID);
    const b = legacy('0.32', { setup: () => ({ n: 0 }), moves: { m: (G: any) => void G.n++ } });
    const s = b.reducer(b.state, mv('m'));
    expect([s._stateID, s.G.n]).toEqual([1, 1]);
  });

  it('context-object: a (G, ctx) onMove gets the context object and undefined on 0.50, G and ctx.events on 0.49', () => {
    const seen: unknown[] = [];
    const onMove = (G: any, ctx: any) => void seen.push([Object.keys(G).sort().join(','), typeof ctx?.events]);
    for (const release of ['0.49', '0.50'] as const) {
      const c = current(release, { setup: () => ({ g: 1 }), moves: { m: () => {} }, turn: { onMove } });
      c.reducer(c.state, mv('m'));
    }
    expect(seen).toEqual([
      ['g', 'object'],
      ['G,ctx,events,log,playerID,random', 'undefined'],
    ]);
  });

  it('phase-onbegin-events: setActivePlayers in phase.onBegin applied on 0.43, refuses the action on 0.49 and 0.50', () => {
    const results = (['0.43', '0.49', '0.50'] as const).map((release) => {
      const legacyStyle = release !== '0.50';
      const onBegin = legacyStyle
        ? (G: any, ctx: any) => ctx.events.setActivePlayers({ all: 'S' })
        : ({ events }: any) => events.setActivePlayers({ all: 'S' });
      const go = legacyStyle ? (G: any, ctx: any) => ctx.events.setPhase('b') : ({ events }: any) => events.setPhase('b');
      const c = current(release, { moves: { go }, phases: { a: { start: true }, b: { onBegin, turn: { stages: { S: {} } } } } }, 2);
      const s = c.reducer(c.state, mv('go'));
      return [s.ctx.phase, s.ctx.activePlayers, s.transients?.error?.type ?? null];
    });
    expect(results).toEqual([
      ['b', { 0: 'S', 1: 'S' }, null],
      ['a', null, 'action/plugin_invalid'],
      ['a', null, 'action/plugin_invalid'],
    ]);
  });
});
