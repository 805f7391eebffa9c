import { BreakpointsPanel } from '../breakpoints/BreakpointsPanel';
import { useStore, useTools, type ToolsState } from '../state/store';
import { CoverageControls } from '../coverage/CoverageControls';
import { CoverageOverlay } from '../coverage/CoverageOverlay';
import { FindingsPanel } from '../findings/FindingsPanel';
import './tools.css';

const TABS: { id: NonNullable<ToolsState['tab']>; label: string }[] = [
  { id: 'findings', label: 'findings' },
  { id: 'coverage', label: 'coverage' },
  { id: 'breakpoints', label: 'breakpoints' },
];

/** Explore's findings, chart coverage and breakpoints, in tabs under the chart (collapsed until one is chosen). */
export function ToolsPanel() {
  const store = useStore();
  const tab = useTools((s) => s.tab);
  const count = useTools((s) => s.breakpoints.length);
  return (
    <section className="panel tools-panel" aria-label="debugging tools">
      <CoverageOverlay />
      <div className="tools-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => store.patch('tools', { tab: tab === t.id ? null : t.id })}
          >
            {t.label}
            {t.id === 'breakpoints' && count > 0 ? ` (${count})` : ''}
          </button>
        ))}
      </div>
      {tab === 'findings' && <FindingsPanel />}
      {tab === 'coverage' && <CoverageControls />}
      {tab === 'breakpoints' && <BreakpointsPanel />}
    </section>
  );
}
