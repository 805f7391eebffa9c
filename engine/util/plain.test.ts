import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPlain } from './plain';

const viaJson = (v: unknown) => JSON.parse(JSON.stringify(v));

describe('toPlain', () => {
  it('equals a JSON round trip for any JSON-like value, key order included', () => {
    fc.assert(
      fc.property(fc.anything({ withBoxedValues: false, withNullPrototype: false, withObjectString: true }), (v) => {
        let expected: string;
        try {
          if (v === undefined || typeof v !== 'object' || v === null) return;
          expected = JSON.stringify(viaJson(v));
        } catch {
          return;
        }
        expect(JSON.stringify(toPlain(v))).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('takes the JSON way for what JSON changes', () => {
    const odd = { a: undefined, b: NaN, c: -0, d: new Date(0), e: [undefined, () => 1], f: { toJSON: () => 'x' } };
    expect(toPlain(odd)).toEqual(viaJson(odd));
    expect(toPlain([1, , 3])).toEqual([1, null, 3]);
    expect(toPlain(JSON.parse('{"__proto__": {"x": 1}}'))).toEqual(JSON.parse('{"__proto__": {"x": 1}}'));
  });

  it('describes what JSON cannot hold instead of throwing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(toPlain(cyclic)).toMatch(/^\[unserialisable: /);
    expect(toPlain(() => 1)).toBe('[function anonymous]');
  });
});
