import { describe, expect, it } from 'vitest';
import { groupRepeats } from './group-repeats';

describe('groupRepeats', () => {
  it('folds identical items into one with a count, keeping first-appearance order', () => {
    const items = ['b', 'a', 'b', 'b', 'c', 'a'].map((code) => ({ code }));
    expect(groupRepeats(items, (x) => x.code)).toEqual([
      { item: { code: 'b' }, count: 3 },
      { item: { code: 'a' }, count: 2 },
      { item: { code: 'c' }, count: 1 },
    ]);
  });
});
