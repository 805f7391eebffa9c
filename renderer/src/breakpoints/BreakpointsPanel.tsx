import { useState } from 'react';
import { useApp, useStore, useTools } from '../state/store';
import { useController } from '../state/context';
import { describeBreakpoint, type Breakpoint } from '../../../engine/host/protocol';

type Kind = Breakpoint['kind'];
const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'phase', label: 'a phase is entered' },
  { kind: 'turn', label: 'a turn begins' },
  { kind: 'stage', label: 'a stage is entered' },
  { kind: 'event-rejected', label: 'an event is rejected' },
  { kind: 'event-dropped', label: 'an event is dropped' },
  { kind: 'diagnostic', label: 'a diagnostic fires' },
  { kind: 'threw', label: 'game code throws' },
  { kind: 'predicate', label: 'a condition on G and ctx holds' },
];

/** Breakpoints pause playback, random play and a replay load at the first step that meets one. */
export function BreakpointsPanel() {
  const store = useStore();
  const controller = useController();
  const breakpoints = useTools((s) => s.breakpoints);
  const length = useApp((s) => s.length);
  const [error, setError] = useState<string | null>(null);
  const view = useApp((s) => s.view);
  const [kind, setKind] = useState<Kind>('phase');
  const [value, setValue] = useState('');
  const phases = view?.chart.phases.map((p) => p.key) ?? [];
  const stages = [...new Set(view?.chart.phases.flatMap((p) => p.turn.stages.map((s) => s.name)) ?? [])];
  const needs = kind === 'phase' ? phases : kind === 'stage' ? stages : null;
  const add = async () => {
    let bp: Breakpoint;
    if (kind === 'phase') bp = { kind, phase: value || phases[0] };
    else if (kind === 'stage') bp = { kind, stage: value || stages[0] };
    else if (kind === 'predicate') bp = { kind, source: value.trim() };
    else if (kind === 'diagnostic') bp = value ? { kind, code: value } : { kind };
    else bp = { kind } as Breakpoint;
    if (kind === 'predicate') {
      if (!value.trim()) return setError('Write a condition on G and ctx first, e.g. G.deck.length === 0.');
      // The host compiles it as it will when it checks steps (the window may not run code): a
      // condition that does not compile is refused here, with the reason, not accepted silently.
      try {
        await controller.host.findBreak(Math.max(0, length - 1), [bp]);
      } catch (e) {
        return setError((e as Error).message);
      }
    }
    setError(null);
    store.patch('tools', { breakpoints: [...store.get().tools.breakpoints, bp] });
    setValue('');
  };
  return (
    <div className="tools-section breakpoints-panel">
      <form
        className="tools-row"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label>
          pause when{' '}
          <select
            aria-label="breakpoint kind"
            value={kind}
            onChange={(e) => (setKind(e.target.value as Kind), setValue(''), setError(null))}
          >
            {KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        {needs && (
          <select aria-label="which" value={value || needs[0] || ''} onChange={(e) => setValue(e.target.value)}>
            {needs.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
        {kind === 'predicate' && (
          <input
            type="text"
            className="predicate"
            aria-label="condition"
            placeholder="G.deck === 0 && ctx.turn > 2"
            value={value}
            aria-invalid={error !== null}
            aria-describedby={error ? 'breakpoint-error' : undefined}
            onChange={(e) => (setValue(e.target.value), setError(null))}
          />
        )}
        {kind === 'diagnostic' && (
          <input type="text" aria-label="diagnostic code" placeholder="any code" value={value} onChange={(e) => setValue(e.target.value)} />
        )}
        <button type="submit">add</button>
      </form>
      {error && (
        <div className="tools-error" id="breakpoint-error" role="alert" data-testid="breakpoint-error">
          {error}
        </div>
      )}
      <p className="tools-hint">Conditions run in Flowscope's engine with the game code, never in this window.</p>
      <ul className="breakpoint-list" aria-label="breakpoints">
        {breakpoints.map((bp, i) => (
          <li key={i}>
            <span>{describeBreakpoint(bp)}</span>
            <button
              type="button"
              className="link"
              aria-label={`remove breakpoint ${describeBreakpoint(bp)}`}
              onClick={() => store.patch('tools', { breakpoints: breakpoints.filter((_, j) => j !== i) })}
            >
              remove
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
