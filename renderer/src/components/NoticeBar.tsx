import { useEffect, useState } from 'react';
import { useApp, useStore } from '../state/store';
import { RichText } from './RichText';
import { formatCount } from './count';

export function NoticeBar() {
  const store = useStore();
  const notice = useApp((s) => s.notice);
  const progress = useApp((s) => s.progress);
  if (progress) {
    const pct = Math.round((100 * progress.done) / Math.max(1, progress.total));
    return (
      <div className="notice info" role="status">
        {progress.what ? progress.what[0].toUpperCase() + progress.what.slice(1) : 'Playing random steps'}: {formatCount(progress.done)} /{' '}
        {formatCount(progress.total)} steps
        <progress
          max={progress.total}
          value={progress.done}
          aria-label={`${progress.what ?? 'random steps'} progress`}
          data-testid="progress"
        >
          {pct}%
        </progress>
      </div>
    );
  }
  if (!notice) return <BusyIndicator />;
  return (
    <div className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="notice">
      <span className="notice-text" data-testid="notice-text">
        <RichText text={notice.text} />
      </span>
      <button className="link" onClick={() => store.set({ notice: null })} aria-label="dismiss">
        ×
      </button>
    </div>
  );
}

/** Shown while a host call has taken more than a second: a move or hook may be hanging (the host stops it at its timeout). */
function BusyIndicator() {
  const since = useApp((s) => s.busySince);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [since]);
  if (since === null || now - since < 1000) return null;
  return (
    <div className="notice info" role="status" data-testid="busy">
      game code is running… ({Math.floor((now - since) / 1000)} s)
    </div>
  );
}
