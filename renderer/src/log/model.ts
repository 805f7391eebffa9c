/**
 * Pure helpers of the log panel: row labels, transition markers, value formatting, and the
 * grouped layout of the virtualised list (which step starts a phase/turn group and where each
 * row sits). No React, no DOM: unit-tested in model.test.ts.
 */
import type { DiffEntry, FlowAction, FlowCtx, StepSummary } from '../../../engine/host/protocol';
import { formatPath } from '../../../engine/host/protocol';

// ---------------------------------------------------------------------------------------------
// Values and labels

/** `value` as compact JSON (`undefined` spelled out), cut to `max` characters with an ellipsis. */
export function compactJson(value: unknown, max = 80): string {
  let text: string;
  if (value === undefined) text = 'undefined';
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return truncate(text, max);
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}

/** `"c15", "4"`: arguments as a reader would write them, cut to `max` characters. */
export function formatArgs(args: readonly unknown[] | undefined, max = 60): string {
  if (!args || args.length === 0) return '';
  return truncate(args.map((a) => compactJson(a, max)).join(', '), max);
}

export type ActionKind = 'created' | 'move' | 'event' | 'undo' | 'redo' | 'reset';

export interface ActionLabel {
  kind: ActionKind;
  /** `playBang("c15", "4")`, `endTurn()`, `undo`, `game created`. */
  text: string;
}

/** What a step did, in one short phrase. */
export function actionLabel(action: FlowAction | null | undefined, maxArgs = 60): ActionLabel {
  if (!action) return { kind: 'created', text: 'game created' };
  switch (action.type) {
    case 'move':
    case 'event':
      return { kind: action.type, text: `${action.name}(${formatArgs(action.args, maxArgs)})` };
    case 'undo':
    case 'redo':
    case 'reset':
      return { kind: action.type, text: action.type };
  }
}

/** Who acted: the player id, or null for the game's creation and `reset`. */
export function actorOf(action: FlowAction | null | undefined): string | null {
  return action && 'playerID' in action && action.playerID !== undefined ? String(action.playerID) : null;
}

/** The `.player-N` colour class of a player id (styles.css defines 0..7; others cycle by seat). */
export function playerClass(id: string | null | undefined, players: readonly string[] = []): string {
  if (id === null || id === undefined) return '';
  let n = /^\d+$/.test(id) ? Number(id) : players.indexOf(id);
  if (n < 0) return '';
  n %= 8;
  return `player-${n}`;
}

// ---------------------------------------------------------------------------------------------
// Groups: a header before every step that was played in another phase or turn than the one before

/**
 * Rows are grouped by the context a step was *played in*, i.e. the ctx after the previous step.
 * So `endTurn` by player 0 stays in player 0's turn, and the next step opens player 1's group.
 */
export function groupKey(ctx: FlowCtx): string {
  return `${ctx.phase ?? ''}\u0000${ctx.turn}\u0000${ctx.gameover !== undefined && ctx.gameover !== null ? 'over' : ''}`;
}

/** `phase play · turn 3 · player 2` (the header of the steps played in that context; no phase part without one). */
export function groupLabel(ctx: FlowCtx): string {
  if (ctx.gameover !== undefined && ctx.gameover !== null) return `game over · ${compactJson(ctx.gameover, 60)}`;
  const phase = ctx.phase === null ? '' : `phase ${ctx.phase} · `;
  return `${phase}turn ${ctx.turn} · player ${ctx.currentPlayer}`;
}

/**
 * Whether step `i` opens a group: true, false, or null when the summaries it depends on
 * (steps i-1 and i-2) are not loaded yet. Step 0 (the game's creation) has no header; step 1
 * always opens the first one.
 */
export function startsGroup(i: number, get: (i: number) => StepSummary | undefined): boolean | null {
  if (i <= 0) return false;
  const prev = get(i - 1);
  if (!prev) return null;
  if (i === 1) return true;
  const before = get(i - 2);
  if (!before) return null;
  return groupKey(prev.ctx) !== groupKey(before.ctx);
}

// ---------------------------------------------------------------------------------------------
// Markers of a step's transitions

export type MarkerKind = 'turn' | 'phase' | 'stage' | 'gameover';

export interface Marker {
  kind: MarkerKind;
  /** The glyph and a short label: `↦1`, `⇥play`, `◆3`, `■`. */
  text: string;
  /** One line per transition: type, who, cause. */
  title: string;
}

type SummaryTransition = StepSummary['transitions'][number];

const GLYPH: Record<MarkerKind, string> = { turn: '↦', phase: '⇥', stage: '◆', gameover: '■' };

function markerKind(type: string): MarkerKind | null {
  if (type === 'turn-begin' || type === 'turn-end') return 'turn';
  if (type === 'phase-begin' || type === 'phase-end') return 'phase';
  if (type === 'stage') return 'stage';
  if (type === 'game-end') return 'gameover';
  return null;
}

/** `turn-begin player 1: phases.play.turn.order.next returned 1`. */
export function describeTransition(t: { type: string; phase: string | null; player?: string; cause: string; automatic: boolean }): string {
  const who = t.player !== undefined ? ` player ${t.player}` : '';
  const where = t.type.startsWith('phase') && t.phase ? ` ${t.phase}` : '';
  return `${t.type}${where}${who}${t.automatic ? ' (automatic)' : ''}: ${t.cause}`;
}

/** One marker per kind of transition in the step, in a fixed order (turn, phase, stage, game over). */
export function markersOf(transitions: readonly SummaryTransition[]): Marker[] {
  const by = new Map<MarkerKind, SummaryTransition[]>();
  for (const t of transitions) {
    const kind = markerKind(t.type);
    if (!kind) continue;
    const list = by.get(kind);
    if (list) list.push(t);
    else by.set(kind, [t]);
  }
  const out: Marker[] = [];
  for (const kind of ['turn', 'phase', 'stage', 'gameover'] as const) {
    const list = by.get(kind);
    if (!list) continue;
    let label = '';
    if (kind === 'turn') {
      const begin = [...list].reverse().find((t) => t.type === 'turn-begin');
      label = begin?.player !== undefined ? begin.player : '';
    } else if (kind === 'phase') {
      const begin = [...list].reverse().find((t) => t.type === 'phase-begin');
      label = begin ? (begin.phase ?? '') : 'end';
    } else if (kind === 'stage') {
      label = list.length > 1 ? String(list.length) : '';
    }
    out.push({ kind, text: `${GLYPH[kind]}${label}`, title: list.map(describeTransition).join('\n') });
  }
  return out;
}

/** The glyph of a full transition type (for the detail pane). */
export function transitionGlyph(type: string): string {
  const kind = markerKind(type);
  return kind ? GLYPH[kind] : '•';
}

/** A stage transition's slot: `null` = active without a stage, absent = not active. */
export function slotLabel(slot: string | null | undefined): string {
  if (slot === undefined) return 'not active';
  if (slot === null) return 'active';
  return slot;
}

// ---------------------------------------------------------------------------------------------
// Diff lines

export interface DiffLine {
  /** `G.players["2"].health`, `ctx.activePlayers`. */
  path: string;
  /** The path with its middle elided when long (the whole one goes in the tooltip). */
  shortPath: string;
  kind: DiffEntry['kind'];
  before: string;
  after: string;
  /** The whole values, for a tooltip when they were cut. */
  full: string;
}

export function diffLines(root: 'G' | 'ctx', entries: readonly DiffEntry[], max = 70): DiffLine[] {
  return entries.map((e) => {
    const path = formatPath(root, e.path);
    if (e.kind === 'moved')
      return {
        path,
        shortPath: elidePath(path),
        kind: e.kind,
        before: `from [${String(e.before)}]`,
        after: compactJson(e.after, max),
        full: `${compactJson(e.after, 1000)} moved from index ${String(e.before)}`,
      };
    return {
      path,
      shortPath: elidePath(path),
      kind: e.kind,
      before: e.kind === 'added' ? '' : compactJson(e.before, max),
      after: e.kind === 'removed' ? '' : compactJson(e.after, max),
      full:
        e.kind === 'added'
          ? compactJson(e.after, 2000)
          : e.kind === 'removed'
            ? compactJson(e.before, 2000)
            : `${compactJson(e.before, 1000)} → ${compactJson(e.after, 1000)}`,
    };
  });
}

/**
 * A long path with its middle elided at segment boundaries, keeping the root and the last
 * segments (what changed): `G.players["3"].board…hand[2].cost`. Short paths come back whole.
 */
/**
 * A path as its head and its last segment (`G.players["1"]` and `.hand`): the page cuts the head
 * when the row is narrow, so the leaf (what changed) stays in view.
 */
export function splitLeaf(path: string): [head: string, leaf: string] {
  const segments = path.match(/\.[^.[]+|\[[^\]]*\]|^[^.[]+/g) ?? [path];
  if (segments.length < 2 || segments.join('') !== path) return ['', path];
  const leaf = segments[segments.length - 1];
  return [path.slice(0, path.length - leaf.length), leaf];
}

export function elidePath(path: string, max = 42): string {
  if (path.length <= max) return path;
  const segments = path.match(/\.[^.[]+|\[[^\]]*\]|^[^.[]+/g) ?? [path];
  // head = segments[0..lo), tail = segments[hi..): the tail (what changed) first, then the head.
  let head = segments[0];
  let tail = '';
  let lo = 1;
  let hi = segments.length;
  const fits = (budget: number, extra: string) => head.length + tail.length + extra.length + 1 <= budget;
  // The tail (what changed) gets about half the room first, then the head, then the tail any rest.
  while (hi - 1 >= lo && fits(Math.ceil(max * 0.5) + head.length, segments[hi - 1])) tail = segments[--hi] + tail;
  while (lo < hi && fits(max, segments[lo])) head += segments[lo++];
  while (hi - 1 >= lo && fits(max, segments[hi - 1])) tail = segments[--hi] + tail;
  if (lo >= hi) return path;
  return `${head}…${tail || path.slice(-Math.max(8, max - head.length - 1))}`;
}

// ---------------------------------------------------------------------------------------------
// Grouped layout of the virtualised list

/** Loaded step summaries by index (a `Map` or the store's `StepSummaries`). */
export interface SummaryLookup {
  get(index: number): StepSummary | undefined;
  has(index: number): boolean;
}

/** Layout pages (independent of the controller's fetch pages, but the same size keeps them aligned). */
export const LAYOUT_PAGE = 200;

interface PageInfo {
  /** Last index of the page when it was computed. */
  end: number;
  /** The summaries it was computed from (identity checks tell when they were replaced). */
  refs: (StepSummary | undefined)[];
  /** Indices in the page that open a group, ascending. */
  headers: number[];
  /** Every index's group status was known. */
  complete: boolean;
}

/**
 * Where every row of the log sits: a row of `rowHeight` per step, plus a header of
 * `headerHeight` before each step that opens a group. Headers are only known where summaries
 * are loaded; elsewhere the layout assumes none (and the list keeps its scroll anchor when
 * they appear). Immutable: `syncLayout` returns a new one when something changed.
 */
export class GroupLayout {
  /** prefix[p] = number of headers in pages before p. */
  private readonly prefix: Int32Array;

  constructor(
    readonly length: number,
    readonly rowHeight: number,
    readonly headerHeight: number,
    /** @internal */ readonly pages: ReadonlyMap<number, PageInfo>,
  ) {
    const count = Math.ceil(length / LAYOUT_PAGE);
    this.prefix = new Int32Array(count + 1);
    for (let p = 0; p < count; p++) this.prefix[p + 1] = this.prefix[p] + (pages.get(p)?.headers.length ?? 0);
  }

  get headerCount(): number {
    return this.prefix[this.prefix.length - 1];
  }

  get totalHeight(): number {
    return this.length * this.rowHeight + this.headerCount * this.headerHeight;
  }

  hasHeader(i: number): boolean {
    const headers = this.pages.get(Math.floor(i / LAYOUT_PAGE))?.headers;
    if (!headers) return false;
    const k = lowerBound(headers, i);
    return k < headers.length && headers[k] === i;
  }

  /** Headers strictly before step i. */
  headersBefore(i: number): number {
    const p = Math.floor(i / LAYOUT_PAGE);
    if (p >= this.prefix.length - 1) return this.headerCount;
    const headers = this.pages.get(p)?.headers;
    return this.prefix[p] + (headers ? lowerBound(headers, i) : 0);
  }

  /** Top of step i's slot (its header when it has one, else its row). */
  top(i: number): number {
    return i * this.rowHeight + this.headersBefore(i) * this.headerHeight;
  }

  /** Top of step i's row. */
  rowTop(i: number): number {
    return this.top(i) + (this.hasHeader(i) ? this.headerHeight : 0);
  }

  /** The step whose slot covers `y` (clamped to 0..length-1; 0 when empty). */
  indexAt(y: number): number {
    if (this.length === 0) return 0;
    let lo = 0;
    let hi = this.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.top(mid) <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function computePage(p: number, length: number, summaries: SummaryLookup): PageInfo {
  const start = p * LAYOUT_PAGE;
  const end = Math.min(start + LAYOUT_PAGE, length) - 1;
  const get = (i: number) => summaries.get(i);
  const headers: number[] = [];
  let complete = true;
  for (let i = start; i <= end; i++) {
    const starts = startsGroup(i, get);
    if (starts === null) complete = false;
    else if (starts) headers.push(i);
  }
  const refs: (StepSummary | undefined)[] = [];
  for (let i = Math.max(0, start - 2); i <= end; i++) refs.push(get(i));
  return { end, refs, headers, complete };
}

function stillValid(info: PageInfo, p: number, length: number, summaries: SummaryLookup): boolean {
  const start = p * LAYOUT_PAGE;
  const end = Math.min(start + LAYOUT_PAGE, length) - 1;
  if (!info.complete || info.end !== end) return false;
  // The summaries a page depends on only ever change together (a branch drops every step after
  // it; a new session replaces them all), so the first, the boundary and the last ones tell.
  const from = Math.max(0, start - 2);
  const check = [from, start, Math.max(from, start - 1), end];
  return check.every((i) => summaries.get(i) === info.refs[i - from]);
}

/**
 * The layout for `summaries` and `length`, reusing `prev`'s pages whose summaries did not change.
 * Work is O(pages) plus O(page size) per page whose summaries changed, never O(steps) per call
 * once pages are cached. Returns `prev` itself when nothing changed.
 */
export function syncLayout(
  prev: GroupLayout | null,
  summaries: SummaryLookup,
  length: number,
  rowHeight: number,
  headerHeight: number,
): GroupLayout {
  const pageCount = Math.ceil(length / LAYOUT_PAGE);
  const reusable = prev && prev.rowHeight === rowHeight && prev.headerHeight === headerHeight ? prev.pages : new Map<number, PageInfo>();
  const pages = new Map<number, PageInfo>();
  let changed = !prev || prev.length !== length || reusable !== prev.pages;
  for (let p = 0; p < pageCount; p++) {
    const old = reusable.get(p);
    if (old && stillValid(old, p, length, summaries)) {
      pages.set(p, old);
      continue;
    }
    const start = p * LAYOUT_PAGE;
    const end = Math.min(start + LAYOUT_PAGE, length) - 1;
    // Nothing of this page is loaded: no headers known (checking both ends and the middle is
    // enough: pages load whole, and steps are appended at the end).
    if (!summaries.has(start) && !summaries.has(end) && !summaries.has((start + end) >> 1)) {
      if (old) changed = true;
      continue;
    }
    const info = computePage(p, length, summaries);
    pages.set(p, info);
    if (!old || !sameNumbers(old.headers, info.headers)) changed = true;
  }
  if (!changed && prev) {
    // Headers unchanged; keep `prev` (same identity = no re-render) but remember the fresh pages.
    for (const [p, info] of pages) (prev.pages as Map<number, PageInfo>).set(p, info);
    return prev;
  }
  return new GroupLayout(length, rowHeight, headerHeight, pages);
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
