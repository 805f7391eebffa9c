import { describe, expect, it } from 'vitest';
import { diffValues } from '../../../engine/util/diff';
import { bySeverity, countBySeverity, lintDocRef } from './severity';
import { childEntries, childPath, defaultOpen, formatLeaf, indexChanges, preview, share, visibleSlots, withoutUnderscored } from './tree';

describe('indexChanges', () => {
  const before = { players: { '2': { health: 4, hand: ['a', 'b', 'c'] } }, deck: ['x', 'y'], n: 1 };
  const after = { players: { '2': { health: 3, hand: ['a', 'b', 'c', 'd'] } }, deck: ['x'], n: 1 };
  const changes = indexChanges('G', diffValues(before, after));

  it('keys changed and added paths the way formatPath writes them', () => {
    expect([...changes.changed.keys()].sort()).toEqual(['G.players["2"].hand[3]', 'G.players["2"].health']);
    expect(changes.changed.get('G.players["2"].health')).toMatchObject({ kind: 'changed', before: 4, after: 3 });
    expect(changes.changed.get('G.players["2"].hand[3]')?.kind).toBe('added');
  });

  it('files removed entries under the container that held them, which shows them at its end', () => {
    expect([...changes.removed]).toEqual([['G.deck', [{ key: 1, path: 'G.deck[1]', before: 'y' }]]]);
    expect(changes.changed.has('G.deck[1]')).toBe(false);
  });

  it('opens a container emptied in this step, to show what it held, and no other empty one', () => {
    const emptied = indexChanges('G', diffValues({ hand: ['a'], bag: [] }, { hand: [], bag: [] }));
    expect(defaultOpen('G.hand', 3, [], emptied)).toBe(true);
    expect(defaultOpen('G.bag', 3, [], emptied)).toBe(false);
  });

  it('marks every strict ancestor as "changed inside"; only changes (not removals) open them', () => {
    expect([...changes.inside].sort()).toEqual(['G', 'G.deck', 'G.players', 'G.players["2"]', 'G.players["2"].hand'].sort());
    expect(changes.expand.has('G.deck')).toBe(false);
    expect(changes.expand.has('G.players["2"].hand')).toBe(true);
    expect(changes.inside.has('G.players["2"].health')).toBe(false);
  });

  it('notices a truncated diff', () => {
    const big = diffValues(Array(600).fill(0), Array(600).fill(1));
    expect(indexChanges('G', big).truncated).toBe(true);
    expect(changes.truncated).toBe(false);
  });

  it('handles a change of the root itself', () => {
    const root = indexChanges('G', diffValues(1, 2));
    expect(root.changed.has('G')).toBe(true);
    expect(root.inside.size).toBe(0);
  });
});

describe('paths and children', () => {
  it('builds child paths like formatPath', () => {
    expect(childPath('G', 'players')).toBe('G.players');
    expect(childPath('G.players', '2')).toBe('G.players["2"]');
    expect(childPath('G.hand', 0)).toBe('G.hand[0]');
    expect(childPath('ctx', '_prevActivePlayers')).toBe('ctx._prevActivePlayers');
    expect(childPath('G', 'a-b')).toBe('G["a-b"]');
  });

  it('gives array indices as numbers and object keys as strings, optionally hiding some', () => {
    expect(childEntries(['a', 'b'])).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
    expect(childEntries({ x: 1, _y: 2 }, (k) => k.startsWith('_'))).toEqual([['x', 1]]);
    expect(childEntries(5)).toEqual([]);
  });

  it('drops underscored ctx fields', () => {
    expect(withoutUnderscored({ turn: 1, _activePlayersNumMoves: {}, activePlayers: null })).toEqual({ turn: 1, activePlayers: null });
  });
});

describe('defaultOpen', () => {
  const none = indexChanges('G', []);
  it('opens the root, small containers to depth 2, and nothing deeper or large', () => {
    expect(defaultOpen('G', 0, Array(500).fill(0), none)).toBe(true);
    expect(defaultOpen('G.players', 1, { a: 1 }, none)).toBe(true);
    expect(defaultOpen('G.players["0"]', 2, { a: 1 }, none)).toBe(true);
    expect(defaultOpen('G.players["0"].hand', 3, ['a'], none)).toBe(false);
    expect(defaultOpen('G.deck', 1, Array(50).fill('c'), none)).toBe(false);
    expect(defaultOpen('G.n', 1, 3, none)).toBe(false);
  });
  it('opens along changed paths, at any depth and size', () => {
    const changes = indexChanges('G', [{ path: ['deck', 40, 'x', 'y'], kind: 'changed', before: 1, after: 2 }]);
    expect(defaultOpen('G.deck', 1, Array(50).fill({}), changes)).toBe(true);
    expect(defaultOpen('G.deck[40].x', 3, { y: 2 }, changes)).toBe(true);
  });
});

describe('visibleSlots', () => {
  const entries = Array.from({ length: 1500 }, (_, i) => [i, i] as [number, unknown]);
  it('shows a page then one gap', () => {
    expect(visibleSlots(entries, 'G.items', null, 100).slice(-2)).toEqual([
      { kind: 'entry', index: 99 },
      { kind: 'gap', from: 100, to: 1500 },
    ]);
    expect(visibleSlots(entries.slice(0, 3), 'G.items', null, 100)).toHaveLength(3);
  });
  it('adds changed children beyond the page, with gaps around them', () => {
    const changes = indexChanges('G', [{ path: ['items', 1400, 'n'], kind: 'changed', before: 1, after: 2 }]);
    const slots = visibleSlots(entries, 'G.items', changes, 100);
    expect(slots).toHaveLength(103);
    expect(slots.slice(100)).toEqual([
      { kind: 'gap', from: 100, to: 1400 },
      { kind: 'entry', index: 1400 },
      { kind: 'gap', from: 1401, to: 1500 },
    ]);
  });
});

describe('formatting', () => {
  it('writes leaves as JSON, cut when long', () => {
    expect(formatLeaf('a')).toBe('"a"');
    expect(formatLeaf(null)).toBe('null');
    expect(formatLeaf(undefined)).toBe('undefined');
    expect(formatLeaf([])).toBe('[]');
    expect(formatLeaf('x'.repeat(500), 10)).toHaveLength(10);
  });
  it('previews containers on one line', () => {
    expect(preview(['c3', 'c17'])).toBe('["c3", "c17"]');
    expect(preview({ health: 4, hand: [] })).toBe('{health, hand}');
    expect(preview([{ a: 1 }, [1]])).toBe('[{…}, […]]');
    expect(
      preview(
        Array.from({ length: 40 }, (_, i) => `card${i}`),
        30,
      ),
    ).toMatch(/…\]$/);
  });
});

describe('diagnostics helpers', () => {
  it('sorts errors first, keeping order within a severity', () => {
    const items = [
      { severity: 'info' as const, code: 'a' },
      { severity: 'error' as const, code: 'b' },
      { severity: 'warning' as const, code: 'c' },
      { severity: 'error' as const, code: 'd' },
    ];
    expect(bySeverity(items).map((i) => i.code)).toEqual(['b', 'd', 'c', 'a']);
    expect(countBySeverity(items)).toEqual({ error: 2, warning: 1, info: 1 });
    expect(lintDocRef('unknown-next-phase')).toBe('docs/lint.md#unknown-next-phase');
  });
});

describe('share', () => {
  it('keeps the previous objects of unchanged subtrees and the new ones elsewhere', () => {
    const prev = { a: { x: [1, 2] }, b: { y: 1 }, c: [{ z: 1 }, { z: 2 }] };
    const next = JSON.parse(JSON.stringify(prev));
    next.b.y = 2;
    next.c[1].z = 3;
    const out = share(prev, next);
    expect(out).toEqual(next);
    expect(out.a).toBe(prev.a);
    expect(out.b).not.toBe(prev.b);
    expect(out.c[0]).toBe(prev.c[0]);
    expect(out.c[1]).not.toBe(prev.c[1]);
    expect(Object.keys(out)).toEqual(['a', 'b', 'c']);
  });
  it('returns prev itself when everything is equal, and next when shapes differ', () => {
    const prev = { a: [1, { b: null }] };
    expect(share(prev, JSON.parse(JSON.stringify(prev)))).toBe(prev);
    const next = { a: [1, { b: null }, 3] };
    const out = share(prev, next);
    expect(out).toEqual(next);
    expect(out.a[1]).toBe(prev.a[1]);
    expect(share([1], { 0: 1 })).toEqual({ 0: 1 });
    expect(share({ a: 1 }, { b: 1 })).toEqual({ b: 1 });
    expect(share({ a: undefined }, { b: undefined })).toEqual({ b: undefined });
    expect(share(undefined, 5)).toBe(5);
  });
});
