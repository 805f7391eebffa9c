import { describe, expect, it } from 'vitest';
import { closest, editDistance } from './edit-distance';

describe('edit distance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('endIf', 'endIf')).toBe(0);
  });
  it('suggests the closest candidate within a third of the word, or nothing', () => {
    expect(closest('onbegin', ['onBegin', 'onEnd'])).toBe('onBegin');
    expect(closest('endif', ['endIf', 'next'])).toBe('endIf');
    expect(closest('maxMove', ['minMoves', 'maxMoves'])).toBe('maxMoves');
    expect(closest('order', ['onBegin', 'stages'])).toBeUndefined();
  });
});
