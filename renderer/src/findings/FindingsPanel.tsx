import { useState } from 'react';
import { useApp, useStore, useTools } from '../state/store';
import { useController } from '../state/context';
import { formatCount } from '../components/count';
import { guessedWarning } from '../../../engine/host/protocol';

/** Runs explore on the open game (in the host) and lists its findings; each opens its minimal replay as the session. */
export function FindingsPanel() {
  const store = useStore();
  const controller = useController();
  const result = useTools((s) => s.explore);
  const exploring = useTools((s) => s.exploring);
  const { runs, steps, seed } = useTools((s) => s.exploreOptions);
  const setOption = (patch: Partial<{ runs: number; steps: number; seed: string }>) =>
    store.patch('tools', { exploreOptions: { ...store.get().tools.exploreOptions, ...patch } });
  const setRuns = (runs: number) => setOption({ runs });
  const setSteps = (steps: number) => setOption({ steps });
  const setSeed = (seed: string) => setOption({ seed });
  const [error, setError] = useState<string | null>(null);
  /** The finding whose replay waits for the user to agree to replace the session. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const sessionSteps = useApp((s) => s.length - 1);
  const run = async () => {
    store.patch('tools', { exploring: true });
    setError(null);
    try {
      store.patch('tools', { explore: await controller.host.explore({ runs, steps, seed }) });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      store.patch('tools', { exploring: false });
    }
  };
  return (
    <div className="tools-section findings-panel">
      <form
        className="tools-row"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label>
          runs <input type="number" min={1} max={10000} value={runs} onChange={(e) => setRuns(Math.max(1, Number(e.target.value) || 1))} />
        </label>
        <label>
          steps{' '}
          <input type="number" min={1} max={100000} value={steps} onChange={(e) => setSteps(Math.max(1, Number(e.target.value) || 1))} />
        </label>
        <label>
          seed <input type="text" value={seed} onChange={(e) => setSeed(e.target.value || 'explore')} />
        </label>
        <button type="submit" disabled={exploring}>
          {exploring ? 'exploring…' : 'explore'}
        </button>
      </form>
      {error && <div className="tools-error">{error}</div>}
      {result && (
        <>
          <p className="findings-summary">
            {result.runs} runs, {formatCount(result.totalSteps)} steps:{' '}
            {result.findings.length ? `${result.findings.length} finding${result.findings.length === 1 ? '' : 's'}` : 'no findings'}
          </p>
          <ol className="findings-list" aria-label="findings">
            {result.findings.map((f) => (
              <li key={f.key} className={`finding kind-${f.kind}`}>
                <div className="finding-head">
                  <span className="finding-kind">{f.kind}</span> <span className="finding-location">{f.location}</span>{' '}
                  <span className="finding-count">
                    ×{f.count} in {f.runs} run{f.runs === 1 ? '' : 's'}
                  </span>
                </div>
                <div className="finding-message">{f.message.split('\n')[0]}</div>
                {f.argSources?.length ? <div className="finding-args">arguments from: {f.argSources.join(', ')}</div> : null}
                {f.guessedInReplay ? <div className="finding-args finding-guessed">{guessedWarning(f.guessedInReplay)}</div> : null}
                {f.replay && confirming !== f.key && (
                  <button
                    type="button"
                    className="finding-open"
                    onClick={() =>
                      // A session with steps is the user's work: ask before replacing it.
                      sessionSteps > 0 ? setConfirming(f.key) : void controller.openReplay(f.replay!, `${f.kind} at ${f.location}`)
                    }
                  >
                    open the {f.minimal ? 'minimal' : 'shortened'} replay ({f.replayLength} action{f.replayLength === 1 ? '' : 's'}, from{' '}
                    {f.originalLength})
                  </button>
                )}
                {f.replay && confirming === f.key && (
                  <div className="finding-confirm" role="group" aria-label="replace the session?" data-testid="finding-confirm">
                    <span>
                      This replaces the current session and its {sessionSteps} step{sessionSteps === 1 ? '' : 's'} (Save replay first to
                      keep them).
                    </span>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => {
                        setConfirming(null);
                        void controller.openReplay(f.replay!, `${f.kind} at ${f.location}`);
                      }}
                    >
                      replace the session
                    </button>
                    <button type="button" onClick={() => setConfirming(null)} autoFocus>
                      cancel
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ol>
          {result.notes?.some((n) => !n.accepted) && (
            <ul className="findings-notes" aria-label="coverage notes">
              {result.notes
                .filter((n) => !n.accepted)
                .map((n) => (
                  <li key={n.move}>{n.message}</li>
                ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
