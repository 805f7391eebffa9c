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
