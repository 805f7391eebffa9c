import { describe, expect, it } from 'vitest';
import { diffValues, formatPath } from './diff';

describe('diffValues', () => {
  it('lists added, removed and changed leaves with their paths', () => {
    const before = { deck: [1, 2, 3], players: { 0: { hand: ['a'], hp: 4 } }, pending: null, gone: true };
    const after = { deck: [1, 2], players: { 0: { hand: ['a', 'b'], hp: 3 } }, pending: { type: 'BANG' } };
    expect(diffValues(before, after)).toEqual([
      { path: ['deck', 2], kind: 'removed', before: 3 },
      { path: ['players', '0', 'hand', 1], kind: 'added', after: 'b' },
      { path: ['players', '0', 'hp'], kind: 'changed', before: 4, after: 3 },
      { path: ['pending'], kind: 'changed', before: null, after: { type: 'BANG' } },
      { path: ['gone'], kind: 'removed', before: true },
    ]);
  });
  it('is empty for equal values and respects the limit', () => {
    expect(diffValues({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(diffValues(Array(10).fill(0), Array(10).fill(1), 3)).toHaveLength(3);
  });
  it('formats paths as code', () => {
    expect(formatPath('G', ['players', '2', 'hand', 3])).toBe('G.players["2"].hand[3]');
    expect(formatPath('ctx', ['activePlayers', 'x-y'])).toBe('ctx.activePlayers["x-y"]');
  });
});

describe('diffValues on arrays, by content', () => {
  it('discarding one card from the middle of a hand is one removal', () => {
    expect(diffValues({ hand: ['c1', 'c2', 'c3', 'c4'] }, { hand: ['c1', 'c3', 'c4'] })).toEqual([
      { path: ['hand', 1], kind: 'removed', before: 'c2' },
    ]);
  });
  it('drawing to the front is one addition; objects are matched by id', () => {
    expect(diffValues(['b', 'c'], ['a', 'b', 'c'])).toEqual([{ path: [0], kind: 'added', after: 'a' }]);
    const before = [
      { id: 1, hp: 3 },
      { id: 2, hp: 4 },
    ];
    const after = [{ id: 2, hp: 2 }];
    expect(diffValues(before, after)).toEqual([
      { path: [0], kind: 'removed', before: { id: 1, hp: 3 } },
      { path: [0, 'hp'], kind: 'changed', before: 4, after: 2 },
    ]);
  });
  it('reports a reordering as a move', () => {
    expect(diffValues(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual([{ path: [0], kind: 'moved', before: 2, after: 'c' }]);
  });
});

describe('diffValues: values replaced in place', () => {
  it('a board cell or a die that changes is one change at its index', () => {
    expect(diffValues({ cells: [null, null, null] }, { cells: [null, '0', null] })).toEqual([
      { path: ['cells', 1], kind: 'changed', before: null, after: '0' },
    ]);
    expect(diffValues({ dice: [3, 5] }, { dice: [6, 5] })).toEqual([{ path: ['dice', 0], kind: 'changed', before: 3, after: 6 }]);
  });
});

describe('diffValues with functions in the state (G may hold them up to boardgame.io 0.42)', () => {
  const card = (id: number) => ({ id, use: (G: { used: number }) => G.used + id });
  it('a function made by the same code again is no change; another is a change; nothing throws', () => {
    expect(diffValues({ cards: [card(0), card(1)] }, { cards: [card(0), card(1)] })).toEqual([]);
    const other = { id: 1, use: () => 'other' };
    expect(diffValues({ c: card(1) }, { c: other }).map((d) => [formatPath('G', d.path), d.kind])).toEqual([['G.c.use', 'changed']]);
    // Items matched by content (no id): jsondiffpatch would refuse the functions inside.
    const plain = (n: number) => ({ n, f: () => n });
    expect(() => diffValues([plain(1), plain(2)], [plain(2), plain(3), plain(1)])).not.toThrow();
    expect(diffValues({ f: card(0).use }, {}).map((d) => d.kind)).toEqual(['removed']);
  });
});
