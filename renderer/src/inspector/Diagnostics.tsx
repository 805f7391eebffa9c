import { memo, useState } from 'react';
import type { LintFindingView, StepDetail } from '../../../engine/host/protocol';
import { groupRepeats } from '../components/group-repeats';
import { RichText } from '../components/RichText';
import { copyText } from './clipboard';
import { bySeverity, lintDocRef } from './severity';
import { SeverityIcon } from './SeverityIcon';
import { useStoredFlag } from './useStoredFlag';

/** The selected step's problems (refusal and diagnostics), then the config's lint findings. */
export const DiagnosticsList = memo(function DiagnosticsList({
  lint,
  detail,
}: {
  lint: readonly LintFindingView[];
  detail: StepDetail | null;
}) {
  const findings = bySeverity(lint);
  const diagnostics = detail ? groupRepeats(bySeverity(detail.diagnostics), (d) => `${d.severity}\u0000${d.code}\u0000${d.message}`) : [];
  const [lintOpen, setLintOpen] = useStoredFlag('lintOpen', true);
  return (
    <div className="diag">
      <div className="diag-group-title">Step {detail?.index ?? '…'}</div>
      {detail && !detail.ok && detail.error && (
        <div className="diag-item" data-testid="step-error" data-code={detail.error.type}>
          <SeverityIcon severity="error" />
          <div className="diag-body">
            <div className="diag-head">
              <span className="diag-code">refused</span>
              <span className="diag-path">{detail.error.type}</span>
            </div>
            <div className="diag-message">
              <RichText text={detail.error.message} />
            </div>
            <DocHint reference="docs/diagnostics.md#step-errors" />
          </div>
        </div>
      )}
      {diagnostics.map(({ item: d, count }, i) => (
        <div key={i} className="diag-item" data-testid="step-diagnostic" data-code={d.code} data-severity={d.severity} data-count={count}>
          <SeverityIcon severity={d.severity} />
          <div className="diag-body">
            <div className="diag-head">
              <span className="diag-code">{d.code}</span>
              {count > 1 && (
                <span className="diag-count" title={`${count} identical diagnostics at this step`}>
                  ×{count}
                </span>
              )}
            </div>
            <div className="diag-message">
              <RichText text={d.message} />
            </div>
            <DocHint reference="docs/diagnostics.md" />
          </div>
        </div>
      ))}
      {detail && detail.ok && diagnostics.length === 0 && <div className="diag-none">No diagnostics at this step.</div>}
      <button className="diag-group-title diag-group-toggle" aria-expanded={lintOpen} onClick={() => setLintOpen(!lintOpen)}>
        <svg width="8" height="8" viewBox="0 0 10 10" aria-hidden="true" style={{ transform: lintOpen ? 'rotate(90deg)' : undefined }}>
          <path d="M3 1.5 7.5 5 3 8.5z" fill="currentColor" />
        </svg>
        Config (lint){findings.length ? ` · ${findings.length}` : ''}
      </button>
      {lintOpen &&
        findings.map((f, i) => (
          <div key={i} className="diag-item" data-testid="lint-finding" data-code={f.code} data-severity={f.severity}>
            <SeverityIcon severity={f.severity} />
            <div className="diag-body">
              <div className="diag-head">
                <span className="diag-code">{f.code}</span>
                {f.path && <span className="diag-path">{f.path}</span>}
              </div>
              <div className="diag-message">
                <RichText text={f.message} />
              </div>
              <DocHint reference={lintDocRef(f.code)} />
            </div>
          </div>
        ))}
      {findings.length === 0 && <div className="diag-none">No lint findings for this config.</div>}
    </div>
  );
});

/** "see docs/…": the docs live in the repository, not in the UI, so a click copies the reference. */
function DocHint({ reference }: { reference: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      className="doc-hint"
      title="Documented in the Flowscope repository; click to copy the reference"
      onClick={() => {
        void copyText(reference).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1200);
        });
      }}
    >
      see {reference}
      {copied && <span className="doc-copied"> (copied)</span>}
    </button>
  );
}
