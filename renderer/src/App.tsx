import { useEffect } from 'react';
import { ChartPanel } from './chart/ChartPanel';
import { BranchDialog } from './components/BranchDialog';
import { ConnectionBanner, connectionProblem } from './components/ConnectionStatus';
import { NoticeBar } from './components/NoticeBar';
import { RestoreOffer } from './components/RestoreOffer';
import { Toolbar } from './components/Toolbar';
import { InspectorPanel } from './inspector/InspectorPanel';
import { LiveBar } from './live/LiveBar';
import { LearnPanel } from './learn/LearnPanel';
import { LogPanel } from './log/LogPanel';
import { Dock } from './dock/Dock';
import { useController } from './state/context';
import { useApp, useStore } from './state/store';

/** Keys work everywhere except while typing in a field. */
function useKeyboard(): void {
  const controller = useController();
  const store = useStore();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (
        target &&
        (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable)
      )
        return;
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      // A dialog owns the keyboard while it is open.
      if (store.get().pendingBranch || store.get().learn.mode === 'list') return;
      // Space and Enter on a focused button, link or summary activate it, as everywhere else.
      if (
        (e.key === ' ' || e.key === 'Enter') &&
        target?.closest('button, a[href], summary, [role="button"], [role="tab"], [role="slider"]')
      )
        return;
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
  }, [controller, store]);
}

export function App() {
  useKeyboard();
  const panels = useApp((s) => s.panels);
  const connection = useApp((s) => s.connection);
  const hasSession = useApp((s) => s.view !== null);
  const loading = useApp((s) => s.progress?.what ?? null);
  return (
    <div className="app" data-connection={connection}>
      <Toolbar />
      <ConnectionBanner />
      <RestoreOffer />
      <NoticeBar />
      <LiveBar />
      <LearnPanel />
      {hasSession ? (
        <main
          className="workspace"
          style={{
            gridTemplateColumns: [panels.log && 'minmax(240px, 22%)', 'minmax(0, 1fr)', panels.inspector && 'minmax(240px, 22%)']
              .filter(Boolean)
              .join(' '),
          }}
        >
          {panels.log && <LogPanel />}
          <section className="center">
            <ChartPanel />
            <Dock />
          </section>
          {panels.inspector && <InspectorPanel />}
        </main>
      ) : (
        <main className="empty">
          {connectionProblem(connection, true)
            ? 'Not connected to Flowscope (see above).'
            : loading
              ? `${loading[0].toUpperCase()}${loading.slice(1)}… (its progress is shown above)`
              : 'Opening a game… (or choose a lesson: Learn)'}
        </main>
      )}
      <BranchDialog />
    </div>
  );
}
