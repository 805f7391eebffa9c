import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ddmin } from './ddmin';

describe('ddmin', () => {
  it('finds exactly the items a failure needs, in order, and the result is 1-minimal', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (items, picks) => {
          const needed = new Set(picks.map((p) => items[p % items.length]));
          const fails = (xs: number[]) => [...needed].every((n) => xs.includes(n));
          const result = ddmin(items, fails);
          expect(result.items).toEqual(items.filter((x) => needed.has(x)));
          expect(result.minimal).toBe(true);
          for (let i = 0; i < result.items.length; i++) expect(fails(result.items.filter((_, j) => j !== i))).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('an order-dependent failure keeps a subsequence that still fails', () => {
    // Fails when some 3 comes before some 1 with a 2 in between.
    const fails = (xs: number[]) => /3[^|]*2[^|]*1/.test(xs.join(''));
    const result = ddmin([1, 3, 1, 1, 2, 3, 1, 2, 2], fails);
    expect(fails(result.items)).toBe(true);
    expect(result.items).toEqual([3, 2, 1]);
  });

  it('stops at the budget and says the result may not be minimal', () => {
    const result = ddmin(
      Array.from({ length: 64 }, (_, i) => i),
      (xs) => xs.length > 40,
      5,
    );
    expect(result.minimal).toBe(false);
    expect(result.tests).toBe(5);
    expect(result.items.length).toBeGreaterThan(40);
  });
});
