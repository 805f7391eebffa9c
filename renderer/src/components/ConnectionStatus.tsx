import type { ReactNode } from 'react';
import { useApp } from '../state/store';

const LABELS = { connecting: 'connecting…', open: 'connected', closed: 'reconnecting…', refused: 'refused' } as const;

/** A dot and a word in the toolbar: is the UI talking to Flowscope? */
export function ConnectionIndicator() {
  const connection = useApp((s) => s.connection);
  return (
    <span
      className={`connection ${connection}`}
      data-testid="connection"
      data-state={connection}
      role="status"
      title={`connection to Flowscope: ${LABELS[connection]}`}
    >
      <span className="connection-dot" aria-hidden="true" />
      <span className="connection-label">{LABELS[connection]}</span>
    </span>
  );
}

/** What to do about a lost or refused connection, in words; nothing while connected. */
export function connectionProblem(connection: string, hasToken: boolean): string | null {
  if (connection === 'closed')
    return 'Lost the connection to Flowscope: the server stopped. Reconnecting automatically; actions are disabled until then.';
  if (connection !== 'refused') return null;
  return hasToken
    ? 'Flowscope refused this page’s token: the token changes each time `flowscope serve` starts. Open the address it printed, token included (http://127.0.0.1:PORT/?token=…).'
    : 'This address has no token: open the address `flowscope serve` printed, token included (http://127.0.0.1:PORT/?token=…).';
}

export function ConnectionBanner() {
  const connection = useApp((s) => s.connection);
  const text = connectionProblem(connection, new URLSearchParams(location.search).has('token'));
  if (!text) return null;
  return (
    <div className="notice error connection-banner" role="alert" data-testid="connection-banner">
      <span>{text}</span>
    </div>
  );
}

/** Disables every control inside while the UI cannot reach Flowscope, so nothing is lost silently. */
export function OnlineOnly({ children }: { children: ReactNode }) {
  const online = useApp((s) => s.connection === 'open');
  return (
    <fieldset className="online-only" disabled={!online}>
      {children}
    </fieldset>
  );
}
