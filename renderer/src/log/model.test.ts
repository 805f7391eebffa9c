import { describe, expect, it } from 'vitest';
import type { FlowCtx, StepSummary } from '../../../engine/host/protocol';
import {
  LAYOUT_PAGE,
  actionLabel,
  actorOf,
  compactJson,
  diffLines,
  formatArgs,
  groupKey,
  groupLabel,
  markersOf,
  playerClass,
  slotLabel,
  startsGroup,
  syncLayout,
  truncate,
} from './model';

function ctx(over: Partial<FlowCtx> = {}): FlowCtx {
  return {
    phase: 'play',
    turn: 1,
    currentPlayer: '0',
    playOrder: ['0', '1'],
    playOrderPos: 0,
    activePlayers: null,
    numMoves: 0,
    gameover: undefined,
    ...over,
  };
}

function step(index: number, c: Partial<FlowCtx> = {}, extra: Partial<StepSummary> = {}): StepSummary {
  return {
    index,
    action: index === 0 ? null : { type: 'move', name: 'm', args: [], playerID: c.currentPlayer ?? '0' },
    ok: true,
    error: null,
    ctx: ctx(c),
    explanation: 'the flow did not move',
    transitions: [],
    problems: { errors: 0, warnings: 0 },
    chart: {} as StepSummary['chart'],
    ...extra,
  };
}

/** A session where the turn changes every `perTurn` steps (the ctx *after* each step). */
function session(length: number, perTurn: number): Map<number, StepSummary> {
  const m = new Map<number, StepSummary>();
  for (let i = 0; i < length; i++) {
    const turn = 1 + Math.floor(i / perTurn);
    m.set(i, step(i, { turn, currentPlayer: String((turn - 1) % 2) }));
  }
  return m;
}

describe('labels', () => {
  it('formats values compactly and cuts long ones', () => {
    expect(compactJson(undefined)).toBe('undefined');
    expect(compactJson({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
    expect(compactJson('x'.repeat(100), 10)).toBe(`"${'x'.repeat(8)}…`);
    expect(truncate('abc', 3)).toBe('abc');
    expect(formatArgs(['c15', '4'])).toBe('"c15", "4"');
    expect(formatArgs([])).toBe('');
    expect(formatArgs([{ value: { 1: 'x'.repeat(80) } }], 20)).toHaveLength(20);
  });

  it('names every kind of action', () => {
    expect(actionLabel(null)).toEqual({ kind: 'created', text: 'game created' });
    expect(actionLabel({ type: 'move', name: 'playBang', args: ['c15', '4'], playerID: '2' })).toEqual({
      kind: 'move',
      text: 'playBang("c15", "4")',
    });
    expect(actionLabel({ type: 'event', name: 'endTurn', args: [], playerID: '0' })).toEqual({ kind: 'event', text: 'endTurn()' });
    expect(actionLabel({ type: 'undo', playerID: '1' }).text).toBe('undo');
    expect(actionLabel({ type: 'redo', playerID: '1' }).text).toBe('redo');
    expect(actionLabel({ type: 'reset' })).toEqual({ kind: 'reset', text: 'reset' });
  });

  it('knows who acted and their colour', () => {
    expect(actorOf(null)).toBeNull();
    expect(actorOf({ type: 'reset' })).toBeNull();
    expect(actorOf({ type: 'undo', playerID: '3' })).toBe('3');
    expect(playerClass('2')).toBe('player-2');
    expect(playerClass('9')).toBe('player-1');
    expect(playerClass('bob', ['alice', 'bob'])).toBe('player-1');
    expect(playerClass('nobody', ['alice'])).toBe('');
    expect(playerClass(null)).toBe('');
  });

  it('labels groups by the context steps were played in', () => {
    expect(groupLabel(ctx({ phase: 'play', turn: 3, currentPlayer: '2' }))).toBe('phase play · turn 3 · player 2');
    expect(groupLabel(ctx({ phase: null, turn: 4 }))).toBe('turn 4 · player 0');
    expect(groupLabel(ctx({ gameover: { winner: '1' } }))).toBe('game over · {"winner":"1"}');
    expect(groupKey(ctx({ numMoves: 3, activePlayers: { 1: 'x' } }))).toBe(groupKey(ctx()));
    expect(groupKey(ctx({ turn: 2 }))).not.toBe(groupKey(ctx()));
    expect(groupKey(ctx({ phase: 'draw' }))).not.toBe(groupKey(ctx()));
    expect(slotLabel(undefined)).toBe('not active');
    expect(slotLabel(null)).toBe('active');
    expect(slotLabel('discard')).toBe('discard');
  });
});

describe('startsGroup', () => {
  const m = session(10, 3); // turns: steps 0-2 → turn 1, 3-5 → turn 2, 6-8 → turn 3
  const get = (i: number) => m.get(i);
  it('puts a header before step 1 and wherever the previous step changed turn', () => {
    const starts = [...Array(10).keys()].filter((i) => startsGroup(i, get));
    // step i is played in ctx(i-1): a new group when ctx(i-1) and ctx(i-2) differ
    expect(starts).toEqual([1, 4, 7]);
  });
  it('is unknown until the steps it depends on are loaded', () => {
    expect(startsGroup(5, (i) => (i === 4 ? m.get(4) : undefined))).toBeNull();
    expect(startsGroup(1, () => undefined)).toBeNull();
    expect(startsGroup(0, () => undefined)).toBe(false);
  });
});

describe('markersOf', () => {
  it('summarises transitions by kind, in a fixed order', () => {
    const markers = markersOf([
      { type: 'turn-end', phase: 'draw', player: '1', cause: 'maxMoves', automatic: true },
      { type: 'phase-end', phase: 'draw', cause: 'endIf', automatic: true },
      { type: 'phase-begin', phase: 'play', cause: 'next', automatic: true },
      { type: 'turn-begin', phase: 'play', player: '0', cause: 'order', automatic: true },
      { type: 'stage', phase: 'play', player: '0', cause: 'x', automatic: false },
      { type: 'stage', phase: 'play', player: '1', cause: 'x', automatic: false },
      { type: 'game-end', phase: null, cause: 'endIf returned', automatic: true },
    ]);
    expect(markers.map((m) => [m.kind, m.text])).toEqual([
      ['turn', '↦0'],
      ['phase', '⇥play'],
      ['stage', '◆2'],
      ['gameover', '■'],
    ]);
    expect(markers[0].title).toBe('turn-end player 1 (automatic): maxMoves\nturn-begin player 0 (automatic): order');
    expect(markersOf([])).toEqual([]);
    expect(markersOf([{ type: 'stage', phase: 'p', player: '3', cause: 'c', automatic: false }])[0].text).toBe('◆');
  });
});

describe('diffLines', () => {
  it('names paths as formatPath does and cuts values', () => {
    const lines = diffLines('G', [
      { path: ['players', '2', 'health'], kind: 'changed', before: 4, after: 3 },
      { path: ['deck', 0], kind: 'removed', before: 'c1' },
      { path: ['log'], kind: 'added', after: 'x'.repeat(200) },
    ]);
    expect(lines.map((l) => [l.path, l.kind, l.before, l.after])).toEqual([
      ['G.players["2"].health', 'changed', '4', '3'],
      ['G.deck[0]', 'removed', '"c1"', ''],
      ['G.log', 'added', '', `"${'x'.repeat(68)}…`],
    ]);
    expect(diffLines('ctx', [{ path: ['activePlayers'], kind: 'changed', before: null, after: { 1: 'a' } }])[0].path).toBe(
      'ctx.activePlayers',
    );
  });
});

describe('GroupLayout', () => {
  const ROW = 40;
  const HEAD = 20;

  it('places rows and headers and finds the row under a point', () => {
    const m = session(10, 3); // headers before 1, 4, 7
    const l = syncLayout(null, m, 10, ROW, HEAD);
    expect(l.headerCount).toBe(3);
    expect(l.totalHeight).toBe(10 * ROW + 3 * HEAD);
    expect(l.top(0)).toBe(0);
    expect(l.hasHeader(1)).toBe(true);
    expect(l.top(1)).toBe(ROW);
    expect(l.rowTop(1)).toBe(ROW + HEAD);
    expect(l.top(2)).toBe(2 * ROW + HEAD);
    expect(l.rowTop(4)).toBe(4 * ROW + 2 * HEAD);
    expect(l.indexAt(0)).toBe(0);
    expect(l.indexAt(ROW - 1)).toBe(0);
    expect(l.indexAt(ROW)).toBe(1);
    expect(l.indexAt(ROW + HEAD + ROW - 1)).toBe(1);
    expect(l.indexAt(ROW + HEAD + ROW)).toBe(2);
    expect(l.indexAt(1e9)).toBe(9);
    expect(l.indexAt(-5)).toBe(0);
  });

  it('assumes no headers where summaries are not loaded, and finds them when they load', () => {
    const n = LAYOUT_PAGE * 5;
    const all = session(n, 4);
    const partial = new Map([...all].filter(([i]) => i < LAYOUT_PAGE));
    const a = syncLayout(null, partial, n, ROW, HEAD);
    const inFirstPage = [...Array(LAYOUT_PAGE).keys()].filter((i) => startsGroup(i, (k) => all.get(k))).length;
    expect(a.headerCount).toBe(inFirstPage);
    expect(a.top(LAYOUT_PAGE * 3)).toBe(LAYOUT_PAGE * 3 * ROW + inFirstPage * HEAD);
    const b = syncLayout(a, all, n, ROW, HEAD);
    expect(b).not.toBe(a);
    const every = [...Array(n).keys()].filter((i) => startsGroup(i, (k) => all.get(k))).length;
    expect(b.headerCount).toBe(every);
    // consistent with a straight count everywhere
    for (const i of [0, 1, 199, 200, 201, 555, n - 1]) {
      const before = [...Array(i).keys()].filter((k) => startsGroup(k, (j) => all.get(j))).length;
      expect(b.top(i)).toBe(i * ROW + before * HEAD);
      expect(b.indexAt(b.top(i))).toBe(i);
      expect(b.indexAt(b.rowTop(i) + ROW - 1)).toBe(i);
    }
  });

  it('keeps its identity when nothing changed, and notices replaced steps (a branch)', () => {
    const m = session(450, 5);
    const a = syncLayout(null, m, 450, ROW, HEAD);
    expect(syncLayout(a, new Map(m), 450, ROW, HEAD)).toBe(a);
    // branch after step 300: later steps dropped, new ones in a single long turn
    const branched = new Map([...m].filter(([i]) => i <= 300));
    for (let i = 301; i < 420; i++) branched.set(i, step(i, { turn: 999 }));
    const b = syncLayout(a, branched, 420, ROW, HEAD);
    expect(b.length).toBe(420);
    const expected = [...Array(420).keys()].filter((i) => startsGroup(i, (k) => branched.get(k))).length;
    expect(b.headerCount).toBe(expected);
    // a new session: every summary replaced
    const fresh = session(450, 2);
    const c = syncLayout(b, fresh, 450, ROW, HEAD);
    expect(c.headerCount).toBe([...Array(450).keys()].filter((i) => startsGroup(i, (k) => fresh.get(k))).length);
  });

  it('grows as steps are appended one by one', () => {
    const m = new Map<number, StepSummary>();
    let l = syncLayout(null, m, 0, ROW, HEAD);
    expect(l.totalHeight).toBe(0);
    expect(l.indexAt(100)).toBe(0);
    const all = session(260, 3);
    for (let i = 0; i < 260; i++) {
      m.set(i, all.get(i)!);
      l = syncLayout(l, new Map(m), i + 1, ROW, HEAD);
    }
    expect(l.headerCount).toBe([...Array(260).keys()].filter((i) => startsGroup(i, (k) => all.get(k))).length);
  });

  it('handles 100,000 steps with only the window loaded', () => {
    const n = 100_000;
    const m = new Map<number, StepSummary>();
    for (let i = 50_000; i < 50_400; i++) m.set(i, step(i, { turn: Math.floor(i / 7) }));
    const t0 = performance.now();
    const l = syncLayout(null, m, n, ROW, HEAD);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(l.headerCount).toBeGreaterThan(50);
    const i = l.indexAt(l.top(50_100) + 5);
    expect(i).toBe(50_100);
    expect(l.totalHeight).toBe(n * ROW + l.headerCount * HEAD);
  });
});

describe('elidePath', () => {
  it('keeps short paths and elides the middle of long ones at segment boundaries', async () => {
    const { elidePath } = await import('./model');
    expect(elidePath('G.players["3"].hand[2]')).toBe('G.players["3"].hand[2]');
    const long = 'G.players["3"].board.regions["north-west"].cities[4].buildings[2].cost';
    const short = elidePath(long);
    expect(short.length).toBeLessThanOrEqual(42);
    expect(short.startsWith('G.players["3"]')).toBe(true);
    expect(short.endsWith('.buildings[2].cost')).toBe(true);
    expect(short).toContain('…');
  });
});

describe('splitLeaf', () => {
  it('keeps the last segment apart, for the page to cut the head and not the leaf', async () => {
    const { splitLeaf } = await import('./model');
    expect(splitLeaf('G.pendingAction')).toEqual(['G', '.pendingAction']);
    expect(splitLeaf('ctx.activePlayers["1"]')).toEqual(['ctx.activePlayers', '["1"]']);
    expect(splitLeaf('G.players["3"].hand[2]')).toEqual(['G.players["3"].hand', '[2]']);
    expect(splitLeaf('G')).toEqual(['', 'G']);
    // An elided path (from elidePath) keeps its ellipsis in the head.
    expect(splitLeaf('G.players…hand[2]')).toEqual(['G.players…hand', '[2]']);
  });
});
