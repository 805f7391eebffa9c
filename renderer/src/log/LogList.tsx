import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useController } from '../state/context';
import { useApp } from '../state/store';
import { GroupHeader, LogRow, SkeletonRow } from './LogRow';
import { syncLayout, type GroupLayout } from './model';

export const ROW_HEIGHT = 40;
export const HEADER_HEIGHT = 22;
/** Rows rendered beyond each edge of the viewport. */
const OVERSCAN = 8;
/** Summaries are requested at most this often while scrolling (the latest window wins). */
const FETCH_INTERVAL_MS = 80;
const NO_PLAYERS: readonly string[] = [];

interface Range {
  first: number;
  last: number;
}

/**
 * Every step of the session in a windowed list: a spacer as tall as the whole log, and only the
 * visible rows (plus overscan) absolutely positioned inside it. Rows have a fixed height; a group
 * header (phase/turn change) adds a fixed height before its step. Headers of steps whose summaries
 * are not loaded yet are unknown, so when they appear above the viewport the scroll position is
 * corrected to keep the first visible row in place.
 */
export function LogList() {
  const controller = useController();
  const length = useApp((s) => s.length);
  const summaries = useApp((s) => s.summaries);
  const selected = useApp((s) => s.selected);
  const view = useApp((s) => s.view);
  // Every `select()` ends with a fresh detail, even when it re-selects the selected step (End,
  // "last"): that too asks to show the selection.
  const selectedDetail = useApp((s) => (s.detail && s.detail.index === s.selected ? s.detail : null));
  const players = view?.players ?? NO_PLAYERS;

  const layoutRef = useRef<GroupLayout | null>(null);
  const layout = useMemo(() => syncLayout(layoutRef.current, summaries, length, ROW_HEIGHT, HEADER_HEIGHT), [summaries, length]);
  layoutRef.current = layout;

  const scrollRef = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<Range>({ first: 0, last: 30 });
  /** The first visible step and how far the viewport's top is below its slot's top. */
  const anchor = useRef({ index: 0, delta: 0 });
  /** The step to keep in view until the user scrolls by hand. */
  const reveal = useRef<number | null>(null);
  const applied = useRef<GroupLayout | null>(null);

  /**
   * The viewport as last seen (scroll events, resizes) or as last set by us. Stepping reads and
   * writes only this: reading the DOM's scroll position right after React changed the page would
   * force the browser to lay the whole page out once more before the frame.
   */
  const viewport = useRef({ top: 0, height: 0 });
  const pendingScroll = useRef<number | null>(null);
  /** The next scroll event is the echo of our own write (nothing to read). */
  const ownScroll = useRef(false);

  const rangeAt = useCallback((top: number) => {
    const l = layoutRef.current;
    if (!l) return;
    const first = l.indexAt(top);
    const last = l.indexAt(top + viewport.current.height);
    anchor.current = { index: first, delta: top - l.top(first) };
    setRange((r) => (r.first === first && r.last === last ? r : { first, last }));
  }, []);

  /** Scrolls to `top`: the rows there render now, the DOM scrolls in the next frame (before it is laid out). */
  const scrollTo = useCallback(
    (top: number) => {
      const l = layoutRef.current;
      const max = Math.max(0, (l?.totalHeight ?? 0) - viewport.current.height);
      const next = Math.max(0, Math.min(top, max));
      if (Math.abs(next - viewport.current.top) < 0.5) return;
      viewport.current.top = next;
      rangeAt(next);
      if (pendingScroll.current === null)
        requestAnimationFrame(() => {
          const el = scrollRef.current;
          const want = pendingScroll.current;
          pendingScroll.current = null;
          if (el && want !== null && Math.abs(el.scrollTop - want) >= 0.5) {
            ownScroll.current = true;
            el.scrollTop = want;
          }
        });
      pendingScroll.current = next;
    },
    [rangeAt],
  );

  /** The user (or the browser) scrolled: read where to. */
  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el || pendingScroll.current !== null) return;
    if (ownScroll.current) {
      ownScroll.current = false;
      return;
    }
    viewport.current.top = el.scrollTop;
    rangeAt(viewport.current.top);
  }, [rangeAt]);

  /**
   * Shows step `i` (with its group header) when it is out of view, centred: stepping on then moves
   * half a view before the log scrolls again, so most steps repaint two rows and not the whole list.
   */
  const bringIntoView = useCallback(
    (i: number) => {
      const l = layoutRef.current;
      const { top: viewTop, height } = viewport.current;
      if (!l || i >= l.length || height === 0) return;
      const slotTop = l.top(i);
      const rowBottom = l.rowTop(i) + l.rowHeight;
      if (slotTop >= viewTop && rowBottom <= viewTop + height) return;
      scrollTo(slotTop - height / 2 + l.rowHeight / 2);
    },
    [scrollTo],
  );

  // When the layout changes (headers found, steps added or dropped): keep the anchor row still,
  // then keep the selection in view if it is being followed.
  useLayoutEffect(() => {
    if (applied.current && applied.current !== layout) {
      const { index, delta } = anchor.current;
      if (index < layout.length) scrollTo(layout.top(index) + delta);
    }
    applied.current = layout;
    if (reveal.current !== null) bringIntoView(reveal.current);
    rangeAt(viewport.current.top);
  }, [layout, bringIntoView, rangeAt, scrollTo]);

  // Selection changed (a click, the keyboard, play, a new step): follow it.
  useLayoutEffect(() => {
    reveal.current = selected;
    bringIntoView(selected);
  }, [selected, selectedDetail, view, bringIntoView]);

  // While a row has the keyboard focus, the focus follows the selection (roving tabindex).
  const focusInList = useRef(false);
  useEffect(() => {
    if (!focusInList.current) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-testid="log-row-${selected}"]`);
    if (row && document.activeElement !== row) row.focus({ preventScroll: true });
  });

  // Viewport size (read when the browser has just laid the page out anyway).
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      viewport.current = { top: el.scrollTop, height: el.clientHeight };
      if (reveal.current !== null) bringIntoView(reveal.current);
      rangeAt(viewport.current.top);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [bringIntoView, rangeAt]);

  // Load the summaries of the window (throttled while scrolling; the latest window always loads).
  const fetchFrom = Math.max(0, range.first - OVERSCAN - 2);
  const fetchTo = Math.min(length - 1, range.last + OVERSCAN);
  const pending = useRef<Range>({ first: 0, last: -1 });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastFetch = useRef(0);
  useEffect(() => {
    pending.current = { first: fetchFrom, last: fetchTo };
    if (fetchTo < fetchFrom) return;
    const run = () => {
      timer.current = null;
      lastFetch.current = performance.now();
      controller.ensureSummaries(pending.current.first, pending.current.last).catch(() => undefined);
    };
    const wait = FETCH_INTERVAL_MS - (performance.now() - lastFetch.current);
    if (wait <= 0) run();
    else if (!timer.current) timer.current = setTimeout(run, wait);
  }, [controller, fetchFrom, fetchTo, view, summaries.size === 0]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onSelect = useCallback((index: number) => void controller.select(index), [controller]);
  const stopFollowing = useCallback(() => {
    reveal.current = null;
  }, []);

  const start = Math.max(0, range.first - OVERSCAN);
  const end = Math.min(length - 1, range.last + OVERSCAN);
  const items: ReactNode[] = [];
  for (let i = start; i <= end; i++) {
    const summary = summaries.get(i);
    if (layout.hasHeader(i)) {
      const prev = summaries.get(i - 1);
      if (prev) items.push(<GroupHeader key={`h${i}`} ctx={prev.ctx} top={layout.top(i)} players={players} />);
    }
    const top = layout.rowTop(i);
    items.push(
      summary ? (
        <LogRow key={i} summary={summary} top={top} selected={i === selected} players={players} onSelect={onSelect} />
      ) : (
        <SkeletonRow key={i} index={i} top={top} />
      ),
    );
  }

  return (
    <div
      className="log-scroll"
      data-testid="log-scroll"
      ref={scrollRef}
      role="listbox"
      aria-label="steps"
      onFocus={(e) => {
        focusInList.current = (e.target as HTMLElement).classList.contains('log-row');
      }}
      onBlur={(e) => {
        if (!scrollRef.current?.contains(e.relatedTarget as Node | null)) focusInList.current = false;
      }}
      onScroll={onScroll}
      onWheel={stopFollowing}
      onMouseDown={(e) => {
        // Dragging the scrollbar (a click on a row selects it, which follows it again).
        if (e.target === e.currentTarget) stopFollowing();
      }}
      onTouchStart={stopFollowing}
    >
      <div className="log-spacer" style={{ height: layout.totalHeight }}>
        {items}
      </div>
    </div>
  );
}
