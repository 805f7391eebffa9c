import { useEffect, useMemo, useState } from 'react';
import { useApp, useStore, useTools } from '../state/store';
import type { StepFilter } from '../../../engine/host/protocol';
import { useController } from '../state/context';
import { actionLabel } from './model';
import { filterActions } from './filter-actions';
import { formatCount } from '../components/count';

const isActiveFilter = (f: StepFilter) => !!(f.player || f.action || f.outcome || f.diagnostic || f.text?.trim());

const DIAGNOSTIC_CODES = [
  'any',
  'threw',
  'event-rejected',
  'event-dropped',
  'event-warning',
  'unknown-player',
  'turn-ended-twice',
  'legacy-signature',
  'bgio-error',
];

/**
 * Search and filter the log: by player, action name, outcome, diagnostic and text in the action's
 * arguments. The host filters every step (the list in the window only holds what is on screen).
 */
export function LogFilterBar() {
  const store = useStore();
  const controller = useController();
  const view = useApp((s) => s.view);
  const length = useApp((s) => s.length);
  const filter = useTools((s) => s.filter);
  const [text, setText] = useState(filter.text ?? '');
  const actions = useMemo(() => filterActions(view?.chart, view?.enabledEvents), [view]);

  const update = (patch: Partial<StepFilter>) => store.patch('tools', { filter: { ...store.get().tools.filter, ...patch } });
  // Typing settles for a moment before the host is asked.
  useEffect(() => {
    const t = setTimeout(() => update({ text: text || undefined }), 200);
    return () => clearTimeout(t);
  }, [text]);
  useEffect(() => {
    if (!isActiveFilter(filter)) {
      store.patch('tools', { matches: null });
      return;
    }
    let live = true;
    controller.host.searchSteps(filter, 500).then(
      (matches) => live && store.patch('tools', { matches }),
      () => live && store.patch('tools', { matches: { total: 0, steps: [] } }),
    );
    return () => {
      live = false;
    };
  }, [filter, length, controller]);

  const select = (value: string, key: keyof StepFilter) => update({ [key]: value || undefined } as Partial<StepFilter>);
  return (
    <div className="log-filter" role="search" aria-label="filter the log">
      <input
        type="search"
        placeholder="search arguments, errors…"
        aria-label="text in arguments"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <select aria-label="player" value={filter.player ?? ''} onChange={(e) => select(e.target.value, 'player')}>
        <option value="">player</option>
        {(view?.players ?? []).map((p) => (
          <option key={p} value={p}>
            player {p}
          </option>
        ))}
      </select>
      <select aria-label="action" value={filter.action ?? ''} onChange={(e) => select(e.target.value, 'action')}>
        <option value="">action</option>
        {actions.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
      <select aria-label="outcome" value={filter.outcome ?? ''} onChange={(e) => select(e.target.value, 'outcome')}>
        <option value="">outcome</option>
        <option value="accepted">accepted</option>
        <option value="rejected">rejected</option>
        <option value="threw">threw</option>
      </select>
      <select aria-label="diagnostic" value={filter.diagnostic ?? ''} onChange={(e) => select(e.target.value, 'diagnostic')}>
        <option value="">diagnostic</option>
        {DIAGNOSTIC_CODES.map((c) => (
          <option key={c} value={c}>
            {c === 'any' ? 'with a diagnostic' : c}
          </option>
        ))}
      </select>
      {isActiveFilter(filter) && (
        <button
          type="button"
          className="link"
          onClick={() => {
            setText('');
            store.patch('tools', { filter: {}, matches: null });
          }}
        >
          clear
        </button>
      )}
    </div>
  );
}

/** The steps that pass the filter, in place of the full log while a filter is active. */
export function LogMatches() {
  const controller = useController();
  const matches = useTools((s) => s.matches);
  const selected = useApp((s) => s.selected);
  if (!matches) return null;
  return (
    <div className="log-matches" aria-label="matching steps">
      <div className="log-matches-count">
        {formatCount(matches.total)} matching step{matches.total === 1 ? '' : 's'}
        {matches.total > matches.steps.length ? ` (first ${matches.steps.length} shown)` : ''}
      </div>
      <ol>
        {matches.steps.map((s) => {
          const label = actionLabel(s.action);
          return (
            <li key={s.index}>
              <button
                type="button"
                className={`log-match${s.index === selected ? ' selected' : ''}${s.ok ? '' : ' rejected'}`}
                data-step={s.index}
                onClick={() => void controller.select(s.index)}
              >
                <span className="log-match-index">{s.index}</span>
                <span className="log-match-action">{label.text}</span>
                {s.action && 'playerID' in s.action && <span className="log-match-player">p{s.action.playerID}</span>}
                <span className="log-match-why">{s.ok ? s.explanation : (s.error?.message.split('\n')[0] ?? 'refused')}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
