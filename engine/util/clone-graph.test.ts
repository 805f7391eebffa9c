import { describe, expect, it } from 'vitest';
import { cloneGraph } from './clone-graph';

const deepFreeze = <T>(v: T): T => {
  if (v && typeof v === 'object') {
    for (const c of Object.values(v)) deepFreeze(c);
    Object.freeze(v);
  }
  return v;
};

describe('cloneGraph', () => {
  it('copies plain objects and arrays, keeping shared references shared and class instances as they are', () => {
    const shared = { hp: 3 };
    const when = new Date(0);
    const state = { a: shared, b: [shared], when };
    const copy = cloneGraph(state);
    expect(copy).toEqual(state);
    expect(copy.a).not.toBe(shared);
    expect(copy.b[0]).toBe(copy.a);
    expect(copy.when).toBe(when);
  });

  it('by default copies frozen parts too, unfrozen', () => {
    const state = { G: deepFreeze({ hand: [1, 2] }) };
    const copy = cloneGraph(state);
    expect(copy.G).not.toBe(state.G);
    expect(Object.isFrozen(copy.G)).toBe(false);
  });

  it('with keepFrozen, shares what is frozen all the way down and freezes copies of other frozen objects', () => {
    const G = deepFreeze({ players: { 0: { hand: [1, 2] } }, deck: [3] });
    const ctx = { activePlayers: { 0: 'play' } };
    const partly = Object.freeze({ mutable: { n: 1 }, fixed: deepFreeze({ k: 1 }) });
    const state = { G, ctx, partly, undo: [{ G, ctx }] };
    const copy = cloneGraph(state, true);
    expect(copy.G).toBe(G);
    expect(copy.undo[0].G).toBe(G);
    expect(copy.ctx).not.toBe(ctx);
    expect(copy.undo[0].ctx).toBe(copy.ctx);
    expect(copy.partly).not.toBe(partly);
    expect(Object.isFrozen(copy.partly)).toBe(true);
    expect(copy.partly.mutable).not.toBe(partly.mutable);
    expect(copy.partly.fixed).toBe(partly.fixed);
    expect(copy).toEqual(state);
    // The copy's mutable parts are its own.
    copy.ctx.activePlayers[0] = 'discard';
    expect(ctx.activePlayers[0]).toBe('play');
  });
});
