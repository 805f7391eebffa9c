import { useApp } from '../state/store';

/** Placeholder until the state inspector lands. */
export function InspectorPanel() {
  const detail = useApp((s) => s.detail);
  return (
    <aside className="panel inspector-panel" aria-label="inspector">
      <pre>{detail ? JSON.stringify({ G: detail.G, ctx: detail.fullCtx }, null, 2) : '…'}</pre>
    </aside>
  );
}
