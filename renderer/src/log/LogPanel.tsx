import { useEffect } from 'react';
import { useController } from '../state/context';
import { useApp } from '../state/store';

/** Placeholder until the virtualised log lands. */
export function LogPanel() {
  const controller = useController();
  const length = useApp((s) => s.length);
  const summaries = useApp((s) => s.summaries);
  const selected = useApp((s) => s.selected);
  useEffect(() => void controller.ensureSummaries(0, length - 1), [controller, length]);
  return (
    <aside className="panel log-panel" aria-label="log">
      <ol>
        {[...summaries.values()].map((s) => (
          <li key={s.index} aria-current={s.index === selected} onClick={() => void controller.select(s.index)}>
            {s.index}: {s.explanation}
          </li>
        ))}
      </ol>
    </aside>
  );
}
