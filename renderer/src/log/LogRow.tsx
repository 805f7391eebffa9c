import { memo } from 'react';
import type { FlowCtx, StepSummary } from '../../../engine/host/protocol';
import { actionLabel, actorOf, groupLabel, markersOf, playerClass } from './model';

interface RowProps {
  summary: StepSummary;
  top: number;
  selected: boolean;
  players: readonly string[];
  onSelect(index: number): void;
}

/** One step of the log. Memoised: it re-renders only when its summary, place or selection changes. */
export const LogRow = memo(function LogRow({ summary, top, selected, players, onSelect }: RowProps) {
  const { index, ok, error, problems, explanation } = summary;
  const who = actorOf(summary.action);
  const what = actionLabel(summary.action);
  const markers = markersOf(summary.transitions);
  const reason = !ok && error ? `${error.type}: ${error.message}` : undefined;
  const className = ['log-row', playerClass(who, players), ok ? '' : 'rejected', selected ? 'selected' : ''].filter(Boolean).join(' ');
  return (
    <div
      className={className}
      role="option"
      aria-selected={selected}
      id={`log-row-${index}`}
      // Roving tabindex: the selected row is the list's one tab stop; arrow keys move the selection.
      tabIndex={selected ? 0 : -1}
      data-testid={`log-row-${index}`}
      data-ok={String(ok)}
      style={{ transform: `translateY(${top}px)` }}
      title={reason ?? explanation}
      onClick={() => onSelect(index)}
    >
      <div className="log-row-main">
        <span className="log-index">{index}</span>
        <span className={`log-who${who === null ? ' none' : ''}`}>{who === null ? (what.kind === 'created' ? '★' : '—') : `P${who}`}</span>
        <span className={`log-what kind-${what.kind}`}>{what.text}</span>
        {markers.length > 0 && (
          <span className="log-markers">
            {markers.map((m) => (
              <span key={m.kind} className={`log-marker marker-${m.kind}`} title={m.title}>
                {m.text}
              </span>
            ))}
          </span>
        )}
        {problems.errors > 0 && (
          <span className="log-problem error" title={`${problems.errors} error diagnostic${problems.errors > 1 ? 's' : ''}`}>
            ✖{problems.errors}
          </span>
        )}
        {problems.warnings > 0 && (
          <span className="log-problem warning" title={`${problems.warnings} warning diagnostic${problems.warnings > 1 ? 's' : ''}`}>
            ⚠{problems.warnings}
          </span>
        )}
        <span className={`log-badge ${ok ? 'ok' : 'rejected'}`}>{ok ? 'ok' : 'REJECTED'}</span>
      </div>
      <div className={`log-expl${summary.transitions.length === 0 && ok ? ' quiet' : ''}`}>{explanation}</div>
    </div>
  );
});

/** A step whose summary has not arrived yet. */
export const SkeletonRow = memo(function SkeletonRow({ index, top }: { index: number; top: number }) {
  return (
    <div
      className="log-row skeleton"
      data-testid="log-row-skeleton"
      data-index={index}
      style={{ transform: `translateY(${top}px)` }}
      aria-hidden="true"
    >
      <div className="log-row-main">
        <span className="log-index">{index}</span>
        <span className="bone" style={{ width: `${28 + ((index * 37) % 40)}%` }} />
      </div>
      <div className="log-expl">
        <span className="bone thin" style={{ width: `${45 + ((index * 53) % 45)}%` }} />
      </div>
    </div>
  );
});

/** `phase play · turn 3 · player 2`: the context the following steps were played in. */
export const GroupHeader = memo(function GroupHeader({ ctx, top, players }: { ctx: FlowCtx; top: number; players: readonly string[] }) {
  const over = ctx.gameover !== undefined && ctx.gameover !== null;
  return (
    <div
      className={`log-group ${over ? 'over' : playerClass(ctx.currentPlayer, players)}`}
      data-testid="log-group"
      role="presentation"
      style={{ transform: `translateY(${top}px)` }}
    >
      <span className="log-group-dot" />
      {groupLabel(ctx)}
    </div>
  );
});
