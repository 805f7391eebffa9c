import { describe, expect, it } from 'vitest';
import { median } from './measure';

describe('median', () => {
  it('is the middle value of an odd count and the mean of the two middle values of an even one', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([0.62, 0.39])).toBeCloseTo(0.505);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
