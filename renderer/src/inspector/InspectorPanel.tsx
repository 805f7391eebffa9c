import { useState, type ReactNode } from 'react';
import { DetailFrame, useLateStep } from '../components/DetailFrame';
import { useApp } from '../state/store';
import { copyText, toJson } from './clipboard';
import { DiagnosticsList } from './Diagnostics';
import { countBySeverity } from './severity';
import { JsonTree } from './JsonTree';
import { SeverityIcon } from './SeverityIcon';
import { withoutUnderscored } from './tree';
import { useStoredFlag } from './useStoredFlag';
import './inspector.css';

const EMPTY: never[] = [];
const hideUnderscored = (key: string) => key.startsWith('_');

function Section({
  id,
  title,
  code,
  extra,
  actions,
  children,
}: {
  id: string;
  title: ReactNode;
  code?: boolean;
  extra?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useStoredFlag(`section.${id}`, true);
  return (
    <section className={`ins-section${open ? ' open' : ''}`} aria-label={id}>
      <header className="ins-head">
        <button className="ins-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          <svg width="9" height="9" viewBox="0 0 10 10" aria-hidden="true" style={{ transform: open ? 'rotate(90deg)' : undefined }}>
            <path d="M3 1.5 7.5 5 3 8.5z" fill="currentColor" />
          </svg>
          <span className={code ? 'ins-title ins-code' : 'ins-title'}>{title}</span>
        </button>
        {extra}
        <span className="ins-actions">{open && actions}</span>
      </header>
      {open && <div className="ins-body">{children}</div>}
    </section>
  );
}

function CopyButton({ value, label }: { value: () => unknown; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      className="ins-btn"
      title={`Copy ${label} as JSON`}
      aria-label={`copy ${label} as JSON`}
      onClick={() => {
        copyText(toJson(value())).then(
          () => setState('copied'),
          () => setState('failed'),
        );
        setTimeout(() => setState('idle'), 1400);
      }}
    >
      <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
        <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path
          d="M11 3V2.5A1.5 1.5 0 0 0 9.5 1h-7A1.5 1.5 0 0 0 1 2.5v7A1.5 1.5 0 0 0 2.5 11H3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </svg>
      {state === 'copied' ? 'copied' : state === 'failed' ? 'copy failed' : 'JSON'}
    </button>
  );
}

function Counts({ items }: { items: readonly { severity: 'error' | 'warning' | 'info' }[] }) {
  const counts = countBySeverity(items);
  return (
    <>
      {(['error', 'warning', 'info'] as const).map((s) =>
        counts[s] ? (
          <span key={s} className={`ins-count sev-${s}`} title={`${counts[s]} ${s}${counts[s] === 1 ? '' : 's'}`}>
            <SeverityIcon severity={s} />
            {counts[s]}
          </span>
        ) : null,
      )}
    </>
  );
}

/** The right column: the selected step's diagnostics, its G and its full ctx, with this step's changes marked. */
export function InspectorPanel() {
  const detail = useApp((s) => s.detail);
  const lint = useApp((s) => s.view?.lint ?? EMPTY);
  const [hideUnderscore, setHideUnderscore] = useStoredFlag('hideUnderscore', false);
  const stepProblems = detail ? [...detail.diagnostics, ...(detail.ok ? [] : [{ severity: 'error' as const }])] : EMPTY;
  const hiddenCount = detail ? Object.keys(detail.fullCtx).filter(hideUnderscored).length : 0;
  const gChanges = detail ? detail.diff.G.length : 0;
  const ctxChanges = detail ? detail.diff.ctx.length : 0;
  return (
    <DetailFrame as="aside" className="panel inspector-panel" aria-label="inspector" data-index={detail?.index}>
      <Section
        id="diagnostics"
        title="Diagnostics"
        extra={
          <span className="ins-summary">
            {stepProblems.length + lint.length === 0 ? <span className="ins-muted">none</span> : null}
            {stepProblems.length > 0 && (
              <span className="ins-summary-group" title="this step">
                step <Counts items={stepProblems} />
              </span>
            )}
            {lint.length > 0 && (
              <span className="ins-summary-group" title="lint findings for the config">
                config <Counts items={lint} />
              </span>
            )}
          </span>
        }
      >
        <DiagnosticsList lint={lint} detail={detail} />
      </Section>
      <Section
        id="G"
        title="G"
        code
        extra={<ChangesLabel count={detail ? gChanges : null} />}
        actions={detail && <CopyButton label="G" value={() => detail.G} />}
      >
        {detail ? <JsonTree root="G" value={detail.G} diff={detail.diff.G} testId="tree-G" /> : <Loading />}
      </Section>
      <Section
        id="ctx"
        title="ctx"
        code
        extra={<ChangesLabel count={detail ? ctxChanges : null} quiet />}
        actions={
          detail && (
            <>
              <label className="ins-check" title="Hide boardgame.io's internal ctx fields (_activePlayersMinMoves, _prevActivePlayers, …)">
                <input
                  type="checkbox"
                  checked={hideUnderscore}
                  onChange={(e) => setHideUnderscore(e.target.checked)}
                  aria-label="hide underscore ctx fields"
                />
                hide _fields{hideUnderscore && hiddenCount ? ` (${hiddenCount})` : ''}
              </label>
              <CopyButton label="ctx" value={() => (hideUnderscore ? withoutUnderscored(detail.fullCtx) : detail.fullCtx)} />
            </>
          )
        }
      >
        {detail ? (
          <JsonTree
            root="ctx"
            value={detail.fullCtx}
            diff={detail.diff.ctx}
            testId="tree-ctx"
            hideRootKey={hideUnderscore ? hideUnderscored : undefined}
          />
        ) : (
          <Loading />
        )}
      </Section>
    </DetailFrame>
  );
}

/** A tree's changes at the shown step; while the selected step is late, that (or nothing, when `quiet`). */
function ChangesLabel({ count, quiet = false }: { count: number | null; quiet?: boolean }) {
  const pending = useLateStep();
  const text = count === null ? '' : pending === null ? changesLabel(count) : quiet ? '' : `loading step ${pending}…`;
  return <span className="ins-summary ins-muted">{text}</span>;
}

function changesLabel(n: number): string {
  return n === 0 ? 'unchanged' : `${n} change${n === 1 ? '' : 's'}`;
}

function Loading() {
  return <div className="ins-loading">loading…</div>;
}
