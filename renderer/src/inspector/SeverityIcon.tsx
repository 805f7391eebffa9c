export type Severity = 'error' | 'warning' | 'info';

/** Small inline severity icons (system fonts render the emoji ones inconsistently). */
export function SeverityIcon({ severity }: { severity: Severity }) {
  return (
    <svg className={`sev-icon sev-${severity}`} width="13" height="13" viewBox="0 0 16 16" role="img" aria-label={severity}>
      {severity === 'error' && (
        <>
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path d="M5.2 5.2l5.6 5.6M10.8 5.2l-5.6 5.6" stroke="var(--panel)" strokeWidth="1.8" strokeLinecap="round" />
        </>
      )}
      {severity === 'warning' && (
        <>
          <path d="M8 1.2 15.2 14.2H.8z" fill="currentColor" strokeLinejoin="round" />
          <path d="M8 5.8v4" stroke="var(--panel)" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="8" cy="12.1" r="1" fill="var(--panel)" />
        </>
      )}
      {severity === 'info' && (
        <>
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path d="M8 7.2v4.4" stroke="var(--panel)" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="8" cy="4.6" r="1.05" fill="var(--panel)" />
        </>
      )}
    </svg>
  );
}
