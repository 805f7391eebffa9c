import { describe, expect, it } from 'vitest';
import { lintConfig } from '../lint';
import { plainlyModern } from './legacy-signature';

const flagged = (moves: Record<string, unknown>) =>
  lintConfig({ moves })
    .filter((f) => f.code === 'legacy-signature')
    .map((f) => f.path);

describe('legacy-signature, read without parsing where the text is plain', () => {
  it('takes a destructured first parameter without a second `ctx` as modern at a glance', () => {
    expect(plainlyModern('({ G, ctx, events }) => { events.endTurn(); }')).toBe(true);
    expect(plainlyModern('({ G, ctx: { currentPlayer } }, cardId, targetId) => G')).toBe(true);
    expect(plainlyModern('async function play({ G }, id) { return G; }')).toBe(true);
    expect(plainlyModern('pick({ G }, ctxId) { return G; }')).toBe(true);
  });

  it('leaves every other text to the parser', () => {
    for (const text of [
      '({ G }, ctx) => G',
      '({ G },\n  ctx = {}) => G',
      '({ G }, /* the context */ ctx) => G',
      '({ G }, c\\u0074x) => G',
      "({ G, label = '}' }, ctx) => G",
      '(G, ctx) => G',
      'G => G',
      '<T,>({ G }: T, ctx) => G',
    ])
      expect(plainlyModern(text)).toBe(false);
  });

  it('still reports a second `ctx` parameter however it is written', () => {
    const moves = {
      plain: ({ G }: any, ctx: any) => [G, ctx],
      commented: Function('return ({ G }, /* the context */ ctx) => [G, ctx]')(),
      escaped: Function('return ({ G }, c\\u0074x) => [G, ctx]')(),
      tricky: Function("return ({ G, label = '}' }, ctx) => [G, label, ctx]")(),
      modern: ({ G }: any, id: string) => [G, id],
    };
    expect(flagged(moves)).toEqual(['moves.commented', 'moves.escaped', 'moves.plain', 'moves.tricky']);
  });
});

describe('legacy-signature, a first parameter read as the context object', () => {
  const setupFlagged = (setup: (...a: any[]) => unknown) =>
    lintConfig({ setup, moves: { m: ({ G }: { G: unknown }) => G } }).some((f) => f.code === 'legacy-signature' && f.path === 'setup');

  it('is modern however it is named: `ctx.ctx.numPlayers` in setup, `G.G` in a move', () => {
    expect(setupFlagged((ctx: any) => ({ hands: Array.from({ length: ctx.ctx.numPlayers }, () => 0) }))).toBe(false);
    expect(flagged({ take: (G: any) => void G.G.cards.pop() })).toEqual([]);
  });

  it('is still legacy when it is read as a ctx of its own, or with a second parameter ctx', () => {
    expect(setupFlagged((ctx: any) => ({ n: ctx.numPlayers }))).toBe(true);
    expect(setupFlagged((ctx: any) => ({ n: ctx.numPlayers, seen: ctx.ctx }))).toBe(true);
    expect(setupFlagged((ctx: any) => ({ r: ctx.random.D6() }))).toBe(true);
    expect(flagged({ take: (G: any, ctx: any) => void G.G.cards.pop(ctx) })).toEqual(['moves.take']);
    expect(flagged({ take: (G: any) => void G.cards.pop() })).toEqual(['moves.take']);
  });
});
