import { describe, expect, it } from 'vitest';
import { sameData } from './same-data';

describe('sameData', () => {
  it('compares plain data by value', () => {
    expect(sameData({ moves: ['a', 'b'], stage: null }, { moves: ['a', 'b'], stage: null })).toBe(true);
    expect(sameData([{ args: [1, { x: 'c12' }] }], [{ args: [1, { x: 'c12' }] }])).toBe(true);
  });

  it('tells apart values, lengths, keys and kinds', () => {
    expect(sameData({ moves: ['a'] }, { moves: ['a', 'b'] })).toBe(false);
    expect(sameData({ stage: null }, { stage: undefined })).toBe(false);
    expect(sameData({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameData([], {})).toBe(false);
    expect(sameData('1', 1)).toBe(false);
  });
});
