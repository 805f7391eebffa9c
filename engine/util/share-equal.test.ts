import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deltaOf, differ } from './diff';
import { shareEqual } from './share-equal';

/** JSON-like values with few distinct leaves, so that generated pairs share parts. */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.constantFrom(0, 1, 2, 'a', 'b', null, true, undefined, 'long'.repeat(15), 'longer'.repeat(11)),
    fc.integer({ min: 0, max: 3 }),
  ),
  card: fc.record({ id: fc.integer({ min: 0, max: 4 }), v: fc.integer({ min: 0, max: 2 }) }),
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('card'), tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 5 }),
  object: fc.dictionary(fc.constantFrom('x', 'y', 'z', 'hand', '0', '1'), tie('node'), { maxKeys: 4 }),
})).node;

/** `b` made from `a` by a few edits, so most of it is equal to `a` but nothing is shared. */
const pair = fc.tuple(value, value, fc.array(fc.tuple(fc.nat(), value), { maxLength: 3 })).map(([a, other, edits]) => {
  const b = structuredClone(a) as unknown;
  if (edits.length === 0) return [a, b];
  const holders: Record<string | number, unknown>[] = [];
  const collect = (v: unknown) => {
    if (v && typeof v === 'object') {
      holders.push(v as Record<string, unknown>);
      for (const c of Object.values(v)) collect(c);
    }
  };
  collect(b);
  for (const [at, v] of edits) {
    const h = holders[at % Math.max(1, holders.length)];
    if (!h) return [a, other];
    const keys = Object.keys(h);
    if (Array.isArray(h) && at % 3 === 0) h.splice(at % (h.length + 1), 0, v);
    else if (Array.isArray(h) && h.length && at % 3 === 1) h.splice(at % h.length, 1);
    else if (keys.length && at % 3 === 1) delete h[keys[at % keys.length]];
    else h[keys.length ? keys[at % keys.length] : 'x'] = v;
  }
  return [a, b];
});

describe('shareEqual', () => {
  it('returns b’s data exactly, changing neither input', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const ja = JSON.stringify(a);
        const jb = JSON.stringify(b);
        const shared = shareEqual(a, b);
        expect(JSON.stringify(shared)).toBe(jb);
        expect(JSON.stringify(a)).toBe(ja);
        expect(JSON.stringify(b)).toBe(jb);
      }),
    );
  });

  it('gives the differ the same delta as the unshared values', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(JSON.stringify(differ.diff(a, shareEqual(a, b)))).toBe(JSON.stringify(differ.diff(a, b)));
      }),
      { numRuns: 500 },
    );
  });

  it('returns a itself when b equals it, and shares unchanged branches', () => {
    const a = { players: { 0: { hand: [{ id: 1 }, { id: 2 }], hp: 4 }, 1: { hand: [{ id: 3 }], hp: 2 } }, deck: [5, 6] };
    expect(shareEqual(a, structuredClone(a))).toBe(a);
    const b = structuredClone(a);
    b.players[1].hp = 1;
    const shared = shareEqual(a, b);
    expect(shared).not.toBe(a);
    expect(shared.players[0]).toBe(a.players[0]);
    expect(shared.players[1].hand).toBe(a.players[1].hand);
    expect(shared.deck).toBe(a.deck);
    expect(shared.players[1].hp).toBe(1);
  });

  it('does not share objects whose keys come in another order, nor class instances', () => {
    const a = { o: { x: 1, y: 2 }, d: new Date(0) };
    const b = { o: { y: 2, x: 1 }, d: new Date(0) };
    const shared = shareEqual(a, b);
    expect(shared.o).toBe(b.o);
    expect(shared.d).toBe(b.d);
  });

  it('keeps a key named __proto__ as data', () => {
    const a = JSON.parse('{"__proto__": {"x": 1}, "y": [1]}');
    const b = JSON.parse('{"__proto__": {"x": 2}, "y": [1]}');
    const shared = shareEqual(a, b);
    expect(Object.getPrototypeOf(shared)).toBe(Object.prototype);
    expect(JSON.stringify(shared)).toBe(JSON.stringify(b));
  });

  it('stops on a cycle instead of looping', () => {
    const a: Record<string, unknown> = { n: 1 };
    a.self = a;
    a.again = a;
    const b: Record<string, unknown> = { n: 1 };
    b.self = b;
    b.again = b;
    expect(shareEqual(a, b)).toBeTypeOf('object');
  });
});

describe('deltaOf', () => {
  it('builds the delta jsondiffpatch builds (as JSON: it may share more references)', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(JSON.stringify(deltaOf(a, b))).toBe(JSON.stringify(differ.diff(a, b)));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves items jsondiffpatch matches by id to it, even when an item is shared', () => {
    const card = { id: 1, v: 1 };
    const cases: [unknown, unknown][] = [
      [[card], [{ id: 1, v: 2 }, card]],
      [
        [card, 'z'],
        ['y', { id: 1, v: 2 }, 'z'],
      ],
      [['a', card], [card]],
      [[], [card]],
      [[card, 'x'], [card]],
    ];
    for (const [a, b] of cases) expect(JSON.stringify(deltaOf(a, b))).toBe(JSON.stringify(differ.diff(a, b)));
  });
});
