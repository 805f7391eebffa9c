import { useApp } from '../state/store';

/** Placeholder until the React Flow chart lands: shows the chart value of the selected step. */
export function ChartPanel() {
  const detail = useApp((s) => s.detail);
  return (
    <section className="panel chart-panel" aria-label="chart">
      <pre>{detail ? JSON.stringify(detail.chart, null, 2) : '…'}</pre>
    </section>
  );
}
