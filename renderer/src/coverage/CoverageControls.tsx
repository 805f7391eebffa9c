import { useState } from 'react';
import { useApp, useStore, useTools } from '../state/store';
import { useController } from '../state/context';
import { formatCount } from '../components/count';

/** Coverage on the chart: from the current session or from the last explore run, with what was never reached. */
export function CoverageControls() {
  const store = useStore();
  const controller = useController();
  const coverage = useTools((s) => s.coverage);
  const explored = useTools((s) => s.explore);
  const length = useApp((s) => s.length);
  const [error, setError] = useState<string | null>(null);
  const fromSession = async () => {
    try {
      store.patch('tools', { coverage: await controller.host.coverage() });
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div className="tools-section coverage-controls">
      <div className="tools-row">
        <button type="button" onClick={() => void fromSession()} aria-pressed={coverage?.source === 'session'}>
          coverage of this session ({length - 1} steps)
        </button>
        <button
          type="button"
          disabled={!explored}
          onClick={() => explored && store.patch('tools', { coverage: explored.coverage })}
          aria-pressed={coverage?.source === 'explore'}
          title={explored ? '' : 'run explore first (findings tab)'}
        >
          coverage of the explore run
        </button>
        {coverage && (
          <button type="button" className="link" onClick={() => store.patch('tools', { coverage: null })}>
            hide
          </button>
        )}
      </div>
      {error && <div className="tools-error">{error}</div>}
      {coverage && (
        <div className="coverage-summary">
          <p>
            Counts on the chart ({coverage.source === 'session' ? 'this session' : 'explore'}, {formatCount(coverage.steps)} steps).{' '}
            {coverage.neverReached.length
              ? `${coverage.neverReached.length} declared items never reached:`
              : 'Every declared item was reached.'}
          </p>
          <ul className="never-reached" aria-label="never reached">
            {coverage.neverReached.map((i) => (
              <li key={i.id} data-id={i.id}>
                <span className="kind">{i.kind}</span> {i.label}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
