import { Timeline } from './Timeline';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { useController } from '../state/context';
import { useApp } from '../state/store';
import { LogList } from './LogList';
import { LogFilterBar, LogMatches } from './LogFilter';
import { useTools } from '../state/store';
import { StepDetailPane } from './StepDetail';
import './log.css';
import { formatCount } from '../components/count';

const STORAGE_KEY = 'flowscope.log.detailHeight';
const MIN_DETAIL = 90;
const MIN_LIST = 120;

function storedHeight(): number | null {
  try {
    const v = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

/**
 * The log: every step of the session (virtualised, grouped by phase and turn) on top, and the
 * selected step's detail below, with a draggable divider between them.
 */
export function LogPanel() {
  const panelRef = useRef<HTMLElement>(null);
  const [detailHeight, setDetailHeight] = useState<number | null>(storedHeight);
  const filtering = useTools((s) => s.matches !== null);
  const sizes = usePaneSizes(panelRef);

  const clamp = useCallback((h: number) => {
    const total = panelRef.current?.clientHeight ?? 800;
    return Math.round(Math.max(MIN_DETAIL, Math.min(h, total - MIN_LIST)));
  }, []);

  useEffect(() => {
    if (detailHeight === null) return;
    try {
      localStorage.setItem(STORAGE_KEY, String(detailHeight));
    } catch {
      // storage unavailable: the height lasts for this page only
    }
  }, [detailHeight]);

  const drag = useRef<{ startY: number; startH: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const pane = panelRef.current?.querySelector('.log-detail') as HTMLElement | null;
    drag.current = { startY: e.clientY, startH: pane?.getBoundingClientRect().height ?? detailHeight ?? 300 };
    e.currentTarget.setPointerCapture(e.pointerId);
    e.preventDefault();
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setDetailHeight(clamp(drag.current.startH + drag.current.startY - e.clientY));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const pane = panelRef.current?.querySelector('.log-detail') as HTMLElement | null;
    const h = pane?.getBoundingClientRect().height ?? 300;
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      setDetailHeight(clamp(h + (e.key === 'ArrowUp' ? 24 : -24)));
      e.preventDefault();
      e.stopPropagation();
    }
  };

  return (
    <aside
      className="panel log-panel"
      aria-label="log"
      ref={panelRef}
      style={detailHeight === null ? undefined : ({ '--log-detail-height': `${detailHeight}px` } as CSSProperties)}
    >
      <div className="log-top">
        <LogHeader />
        <LogFilterBar />
      </div>
      {filtering ? <LogMatches /> : <LogList />}
      <Timeline />
      <div
        className="log-divider"
        role="separator"
        aria-orientation="horizontal"
        aria-label="resize the step detail"
        aria-valuemin={MIN_DETAIL}
        aria-valuemax={Math.max(MIN_DETAIL, sizes.panel - MIN_LIST)}
        aria-valuenow={sizes.detail}
        aria-valuetext={`step detail ${sizes.detail} px high`}
        tabIndex={0}
        title="drag to resize · double-click to reset"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={() => {
          setDetailHeight(null);
          try {
            localStorage.removeItem(STORAGE_KEY);
          } catch {
            // ignore
          }
        }}
        onKeyDown={onKeyDown}
      />
      <StepDetailPane />
    </aside>
  );
}

/** The heights of the log panel and of its step detail, for the divider's value (a separator that can be moved has one). */
function usePaneSizes(panelRef: RefObject<HTMLElement | null>): { panel: number; detail: number } {
  const [sizes, setSizes] = useState({ panel: 0, detail: MIN_DETAIL });
  useEffect(() => {
    const panel = panelRef.current;
    const pane = panel?.querySelector('.log-detail');
    if (!panel || !pane) return;
    const measure = () =>
      setSizes((was) => {
        const next = { panel: Math.round(panel.clientHeight), detail: Math.round(pane.getBoundingClientRect().height) };
        return next.panel === was.panel && next.detail === was.detail ? was : next;
      });
    const observer = new ResizeObserver(measure);
    observer.observe(panel);
    observer.observe(pane);
    measure();
    return () => observer.disconnect();
  }, [panelRef]);
  return sizes;
}

function LogHeader() {
  const controller = useController();
  const length = useApp((s) => s.length);
  const selected = useApp((s) => s.selected);
  return (
    <div className="log-header">
      <span className="log-title">log</span>
      <span className="log-count">
        {length > 0 ? (
          <>
            step <b>{formatCount(selected)}</b> of {formatCount(length - 1)}
          </>
        ) : (
          'no steps'
        )}
      </span>
      <span className="log-legend" aria-hidden="true" title="markers: ↦ turn · ⇥ phase · ◆ stage · ■ game over">
        ↦ ⇥ ◆ ■
      </span>
      <button
        type="button"
        className="link log-jump"
        title="scroll to the last step and select it (End)"
        onClick={() => void controller.select(length - 1)}
      >
        last ⤓
      </button>
    </div>
  );
}
