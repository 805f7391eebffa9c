import { useEffect } from 'react';
import { useTools } from '../state/store';

/**
 * Chart elements that can carry a count: nodes by their id (`phase:`, `turn:`, `stage:`, `gameover`),
 * edge chips by model edge id. The players' tokens and the start dot are nodes too, but no part of the flow.
 */
function targets(root: HTMLElement): { el: HTMLElement; id: string }[] {
  const out: { el: HTMLElement; id: string }[] = [];
  root
    .querySelectorAll<HTMLElement>('.react-flow__node[data-id]:not(.react-flow__node-token):not(.react-flow__node-start)')
    .forEach((el) => out.push({ el, id: el.dataset.id! }));
  root.querySelectorAll<HTMLElement>('[data-testid^="edge-"]').forEach((el) => out.push({ el, id: el.dataset.testid!.slice(5) }));
  return out;
}

/**
 * Paints coverage on the chart: each node and edge label gets its count as a badge, and the
 * declared ones never reached are marked. It decorates the chart's elements by their chart ids
 * (the same ids explore reports), re-applied whenever the chart re-renders.
 */
export function CoverageOverlay() {
  const coverage = useTools((s) => s.coverage);
  useEffect(() => {
    const root = document.querySelector<HTMLElement>('.fs-chart');
    if (!root) return;
    const clear = () => {
      root.classList.remove('coverage-on');
      root.querySelectorAll<HTMLElement>('[data-coverage]').forEach((el) => {
        delete el.dataset.coverage;
        delete el.dataset.neverReached;
      });
    };
    if (!coverage) {
      clear();
      return;
    }
    const never = new Set(coverage.neverReached.map((i) => i.id));
    let applying = false;
    const apply = () => {
      applying = true;
      root.classList.add('coverage-on');
      for (const { el, id } of targets(root)) {
        const count = String(coverage.counts[id] ?? 0);
        if (el.dataset.coverage !== count) el.dataset.coverage = count;
        const mark = never.has(id) ? 'true' : undefined;
        if (el.dataset.neverReached !== mark) {
          if (mark) el.dataset.neverReached = mark;
          else delete el.dataset.neverReached;
        }
      }
      applying = false;
    };
    apply();
    const observer = new MutationObserver(() => {
      if (!applying) apply();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      clear();
    };
  }, [coverage]);
  return null;
}
