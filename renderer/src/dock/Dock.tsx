import { BreakpointsPanel } from '../breakpoints/BreakpointsPanel';
import { OnlineOnly } from '../components/ConnectionStatus';
import { ControlsPanel } from '../controls/ControlsPanel';
import { CoverageControls } from '../coverage/CoverageControls';
import { CoverageOverlay } from '../coverage/CoverageOverlay';
import { FindingsPanel } from '../findings/FindingsPanel';
import { ConnectLink } from '../live/ConnectLink';
import { useApp, useStore, useTools, type DockTab } from '../state/store';
import '../tools/tools.css';
import './dock.css';

const TABS: { id: DockTab; label: string }[] = [
  { id: 'controls', label: 'controls' },
  { id: 'findings', label: 'findings' },
  { id: 'coverage', label: 'coverage' },
  { id: 'breakpoints', label: 'breakpoints' },
];

/**
 * Under the chart: the controls and the debugging tools (findings, coverage, breakpoints), one tab
 * at a time in a body of a set height, so opening a tool never takes the chart's room (the chart
 * keeps at least 40% of the window, styles.css). The dock collapses to its tab strip.
 */
export function Dock() {
  const store = useStore();
  const chosen = useTools((s) => s.tab);
  const open = useTools((s) => s.dockOpen);
  const count = useTools((s) => s.breakpoints.length);
  const showControls = useApp((s) => s.panels.controls);
  const tabs = showControls ? TABS : TABS.filter((t) => t.id !== 'controls');
  const tab = tabs.some((t) => t.id === chosen) ? chosen : null;
  const expanded = open && tab !== null;
  const choose = (id: DockTab) => store.patch('tools', id === tab && expanded ? { dockOpen: false } : { tab: id, dockOpen: true });
  return (
    <section className={`dock${expanded ? ' open' : ''}`} aria-label="controls and tools" data-testid="dock">
      <CoverageOverlay />
      <div className="dock-tabs">
        <div className="dock-tablist" role="tablist" aria-label="controls and debugging tools">
          {tabs.map((t) => (
            <button
              key={t.id}
              id={`dock-tab-${t.id}`}
              type="button"
              role="tab"
              aria-selected={t.id === tab && expanded}
              aria-controls={t.id === tab && expanded ? 'dock-body' : undefined}
              onClick={() => choose(t.id)}
            >
              {t.label}
              {t.id === 'breakpoints' && count > 0 ? ` (${count})` : ''}
            </button>
          ))}
        </div>
        <ConnectLink />
        <button
          type="button"
          className="dock-toggle link"
          aria-expanded={expanded}
          aria-label={expanded ? 'collapse the dock' : 'expand the dock'}
          title={expanded ? 'collapse to the tabs (more room for the chart)' : 'show the chosen tab'}
          onClick={() => store.patch('tools', expanded ? { dockOpen: false } : { tab: tab ?? tabs[0].id, dockOpen: true })}
        >
          {expanded ? '▾' : '▸'}
          <span className="dock-link-more">{expanded ? ' collapse' : ' expand'}</span>
        </button>
      </div>
      {expanded && (
        <div className={`dock-body dock-${tab}`} id="dock-body" role="tabpanel" aria-labelledby={`dock-tab-${tab}`}>
          {tab === 'controls' && (
            <OnlineOnly>
              <ControlsPanel />
            </OnlineOnly>
          )}
          {tab === 'findings' && <FindingsPanel />}
          {tab === 'coverage' && <CoverageControls />}
          {tab === 'breakpoints' && <BreakpointsPanel />}
        </div>
      )}
    </section>
  );
}
