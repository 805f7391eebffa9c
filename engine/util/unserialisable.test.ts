import { describe, expect, it } from 'vitest';
import { firstUnserialisable } from './unserialisable';

describe('firstUnserialisable', () => {
  it('names the first part JSON cannot carry, with its path', () => {
    const self: Record<string, unknown> = { ok: 1 };
    self.me = self;
    expect(
      firstUnserialisable(
        {
          hands: [
            [1, 2],
            [3, 4n],
          ],
        },
        'G',
      ),
    ).toBe('G.hands[1][1] is a BigInt, which JSON cannot hold');
    expect(firstUnserialisable({ 'a b': { x: self } }, 'G')).toBe(
      'G["a b"].x.me refers back to an object that contains it (a cycle), which JSON cannot hold',
    );
    expect(firstUnserialisable({ n: NaN }, 'G')).toBe('G.n is NaN, which JSON turns into null');
    expect(firstUnserialisable({ s: new Set() }, 'G')).toBe('G.s is a Set, which JSON turns into {}');
    expect(firstUnserialisable({ a: [1, { b: 'c' }] }, 'G')).toBeNull();
  });

  it('does not walk again what the value shares with one already checked', () => {
    const shared = { f: () => 1 };
    const before = { old: shared, hand: [1] };
    expect(firstUnserialisable({ old: shared, hand: [1, 2] }, 'G', before)).toBeNull();
    expect(firstUnserialisable({ old: shared, hand: [1, 2n] }, 'G', before)).toBe('G.hand[1] is a BigInt, which JSON cannot hold');
    expect(firstUnserialisable({ old: shared }, 'G')).toBe('G.old.f is a function, which JSON drops');
  });
});
