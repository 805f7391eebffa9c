import { describe, expect, it } from 'vitest';
import { activeEntropy, describeUse, Entropy } from './entropy';

const draws = (entropy: Entropy, step: number, n = 3) => entropy.run(step, false, () => Array.from({ length: n }, () => entropy.next()));

describe('the entropy game code sees', () => {
  it('is a function of the seed and the step: the same step draws the same values in any order of runs', () => {
    const a = new Entropy('s');
    const step5 = draws(a, 5);
    draws(a, 2);
    expect(draws(a, 5)).toEqual(step5);
    expect(draws(new Entropy('s'), 5)).toEqual(step5);
    expect(draws(a, 6)).not.toEqual(step5);
    expect(draws(new Entropy('t'), 5)).not.toEqual(step5);
    expect(step5.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('has a clock that is later every step and every read, the same on every re-run', () => {
    const e = new Entropy('s');
    const reads = (step: number) => e.run(step, false, () => [e.clock(), e.clock()]);
    const [a, b] = reads(3);
    expect(b).toBe(a + 1);
    expect(reads(4)[0]).toBeGreaterThan(b);
    expect(reads(3)).toEqual([a, b]);
    expect(e.run('load', false, () => e.clock())).toBeLessThan(reads(0)[0]);
  });

  it('is active only while a step runs, nested runs restore the outer one', () => {
    const outer = new Entropy('o');
    const inner = new Entropy('i');
    expect(activeEntropy()).toBeNull();
    outer.run(1, true, () => {
      expect(activeEntropy()).toBe(outer);
      inner.run(1, true, () => expect(activeEntropy()).toBe(inner));
      expect(activeEntropy()).toBe(outer);
    });
    expect(activeEntropy()).toBeNull();
  });

  it('notes the first use per function and source in a step, locating it once, and nothing while re-deriving', () => {
    let fn: string | undefined = 'moves.roll';
    let located = 0;
    const locate = () => (located++, 'dice.ts:3');
    const e = new Entropy('s', 'seeded', () => fn);
    e.run(1, true, () => {
      e.note('Math.random', locate);
      e.note('Math.random', locate);
      fn = 'turn.onBegin';
      e.note('Math.random', locate);
      e.note('Date.now', () => false);
    });
    expect(e.takeUses().map(describeUse)).toEqual(['moves.roll uses Math.random (dice.ts:3)', 'turn.onBegin uses Math.random (dice.ts:3)']);
    expect(located).toBe(2);
    e.run(1, false, () => e.note('Math.random', locate));
    expect(e.takeUses()).toEqual([]);
  });
});
