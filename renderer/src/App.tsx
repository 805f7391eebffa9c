import { useEffect } from 'react';
import { ChartPanel } from './chart/ChartPanel';
import { BranchDialog } from './components/BranchDialog';
import { NoticeBar } from './components/NoticeBar';
import { Toolbar } from './components/Toolbar';
import { ControlsPanel } from './controls/ControlsPanel';
import { InspectorPanel } from './inspector/InspectorPanel';
import { LearnPanel } from './learn/LearnPanel';
import { LogPanel } from './log/LogPanel';
import { ToolsPanel } from './tools/ToolsPanel';
import { useController } from './state/context';
import { useApp } from './state/store';

/** Keys work everywhere except while typing in a field. */
function useKeyboard(): void {
  const controller = useController();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable)) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      switch (e.key) {
        case 'ArrowLeft':
        case 'ArrowUp':
          void controller.stepBy(-1);
          break;
        case 'ArrowRight':
        case 'ArrowDown':
          void controller.stepBy(1);
          break;
        case 'Home':
          void controller.select(0);
          break;
        case 'End':
          void controller.select(Number.MAX_SAFE_INTEGER);
          break;
        case ' ':
          controller.togglePlay();
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [controller]);
}

export function App() {
  useKeyboard();
  const panels = useApp((s) => s.panels);
  const connection = useApp((s) => s.connection);
  const hasSession = useApp((s) => s.view !== null);
  return (
    <div className="app" data-connection={connection}>
      <Toolbar />
      <NoticeBar />
      <LearnPanel />
      {hasSession ? (
        <main className="workspace" style={{ gridTemplateColumns: [panels.log && 'minmax(300px, 26%)', '1fr', panels.inspector && 'minmax(300px, 26%)'].filter(Boolean).join(' ') }}>
          {panels.log && <LogPanel />}
          <section className="center">
            <ChartPanel />
            <ToolsPanel />
            {panels.controls && <ControlsPanel />}
          </section>
          {panels.inspector && <InspectorPanel />}
        </main>
      ) : (
        <main className="empty">{connection === 'closed' ? 'Disconnected from Flowscope. Restart `flowscope serve` and reload.' : 'Opening a game… (or choose a lesson: Learn)'}</main>
      )}
      <BranchDialog />
    </div>
  );
}
