import { describe, expect, it } from 'vitest';
import { freeNames } from './free-names';

describe('freeNames', () => {
  it('lists what a function uses from its module, not what it binds or what every script has', () => {
    expect(
      freeNames(
        'function take(G, ctx) { if (G.pile === 0) return INVALID_MOVE; const hand = new Hand(G.cards); return { ...G, hand: pullAll(hand, ctx.playerID), n: Math.max(1, G.n) }; }',
      ),
    ).toEqual(['Hand', 'INVALID_MOVE', 'pullAll']);
    expect(
      freeNames('({ G, events }, id) => { for (const [k, v] of Object.entries(G)) { if (v === id) events.endTurn({ next: k }); } }'),
    ).toEqual([]);
    expect(freeNames('(G) => ({ G, label, [key]: 1, nested: { deep: helper() } })')).toEqual(['helper', 'key', 'label']);
    expect(freeNames('not a function')).toEqual([]);
  });
});
