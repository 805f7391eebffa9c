import { useApp } from '../state/store';

/** Placeholder until the controls land. */
export function ControlsPanel() {
  const detail = useApp((s) => s.detail);
  return <section className="panel controls-panel" aria-label="controls">{detail ? JSON.stringify(detail.available) : ''}</section>;
}
