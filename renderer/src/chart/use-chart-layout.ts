import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { ElkNode } from 'elkjs/lib/elk-api';
import type { ChartModel } from '../../../engine/host/protocol';
import { arrangeChart } from './arrange';
import { layOutWithElk, layoutKey, type ElkChart } from './elk-graph';
import type { ChartLayout } from './layout-types';
import { measureText } from './measure';
import { runElk } from './run-elk';
import { READABLE_ZOOM } from './fit';

const NONE: ReadonlySet<string> = new Set();

interface Size {
  width: number;
  height: number;
}

const DEFAULT_VIEWPORT: Size = { width: 900, height: 600 };
/** Re-arranging the rows is worth it only when the panel's shape changed this much. */
const ASPECT_CHANGE = 1.25;

/**
 * The panel's size, updated only when its shape changes a lot (closing the side panels, say),
 * not when it jitters by a few pixels.
 */
function usePanelShape(container: RefObject<HTMLElement | null>): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const update = () => {
      const r = el.getBoundingClientRect();
      if (r.width < 100 || r.height < 100) return setSize((s) => s ?? DEFAULT_VIEWPORT);
      setSize((s) => {
        if (!s) return { width: r.width, height: r.height };
        const ratio = r.width / r.height / (s.width / s.height);
        return ratio > ASPECT_CHANGE || ratio < 1 / ASPECT_CHANGE ? { width: r.width, height: r.height } : s;
      });
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(update, 150);
    });
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [container]);
  return size;
}

/** Whether `layout`, all of it in view, would show its smallest text at 11 px or more. */
const readableWhole = (layout: ChartLayout, viewport: Size) =>
  Math.min((viewport.width - 24) / layout.width, (viewport.height - 24) / layout.height) >= READABLE_ZOOM;

/**
 * The layout of `model`: ELK runs (in its worker) once per layout key — never on a step — and the
 * phases are arranged in rows for the panel's shape (cheap; again only if that shape changes a
 * lot). While a grown model is laid out again, the previous layout stays on screen.
 *
 * Semantic zoom: when the whole chart would not be readable in the panel, every phase but the
 * `focus` (the step's phase) and those in `expanded` (opened by the user) is folded to its header,
 * and the rows are arranged again for those sizes (again when the step's phase changes).
 */
export function useChartLayout(
  model: ChartModel,
  container: RefObject<HTMLElement | null>,
  focus: string | null = null,
  expanded: ReadonlySet<string> = NONE,
): { layout: ChartLayout | null; error: string | null } {
  const key = useMemo(() => layoutKey(model), [model]);
  const [elk, setElk] = useState<{ key: string; model: ChartModel; chart: ElkChart; result: ElkNode } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const modelRef = useRef(model);
  modelRef.current = model;
  const viewport = usePanelShape(container);

  useEffect(() => {
    let cancelled = false;
    const m = modelRef.current;
    layOutWithElk(m, measureText, runElk)
      .then(({ chart, result }) => {
        if (cancelled) return;
        setElk({ key, model: m, chart, result });
        setError(null);
      })
      .catch((e: Error) => {
        if (!cancelled) setError(e.message);
      });
    return () => {
      cancelled = true;
    };
  }, [key]);

  const whole = useMemo(
    () => (elk && viewport ? arrangeChart(elk.key, elk.model, elk.chart, elk.result, measureText, viewport) : null),
    [elk, viewport],
  );
  const folded = useMemo(() => {
    if (!elk || !whole || !viewport || readableWhole(whole, viewport)) return '';
    const keys = elk.model.phases.map((p) => p.key).filter((k) => k !== (focus ?? elk.model.startPhase) && !expanded.has(k));
    return keys.length ? JSON.stringify(keys) : '';
  }, [elk, whole, viewport, focus, expanded]);
  // Each folding is arranged once per ELK result and panel shape: playback going back and forth
  // between phases reuses them (and the camera sees the same layout object again).
  const arranged = useMemo(() => new Map<string, ChartLayout>(), [elk, viewport]);
  const layout = useMemo(() => {
    if (!elk || !whole || !viewport || !folded) return whole;
    let l = arranged.get(folded);
    if (!l)
      arranged.set(
        folded,
        (l = arrangeChart(elk.key, elk.model, elk.chart, elk.result, measureText, viewport, new Set(JSON.parse(folded) as string[]))),
      );
    return l;
  }, [elk, whole, viewport, folded, arranged]);
  // A grown model keeps showing the old layout until the new one is ready; another game does not.
  const stale = !!elk && elk.key !== key && (elk.model.game !== model.game || elk.model.players.length !== model.players.length);
  return { layout: stale ? null : layout, error };
}
