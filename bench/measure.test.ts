import { describe, expect, it } from 'vitest';
import { alternate, median } from './measure';

describe('median', () => {
  it('is the middle value of an odd count and the mean of the two middle values of an even one', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([0.62, 0.39])).toBeCloseTo(0.505);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('alternate', () => {
  it("drops the warm-up round and takes each subject's ratio to the anchor round by round", async () => {
    const times = (xs: number[]) => () => xs.shift()!;
    const r = await alternate(3, times([99, 10, 20, 10]), times([1, 12, 22, 30]), times([7, 10, 30, 11]));
    expect(r.anchor).toBe(10);
    expect(r.subjects[0].ratios).toEqual([1.2, 1.1, 3]);
    expect(r.subjects[0]).toMatchObject({ subject: 22, ratio: 1.2 });
    expect(r.subjects[1]).toMatchObject({ subject: 11, ratio: 1.1 });
  });
});
