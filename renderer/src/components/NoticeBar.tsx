import { store, useApp } from '../state/store';
import { RichText } from './RichText';

export function NoticeBar() {
  const notice = useApp((s) => s.notice);
  const progress = useApp((s) => s.progress);
  if (progress) {
    const pct = Math.round((100 * progress.done) / Math.max(1, progress.total));
    return (
      <div className="notice info" role="status">
        Playing random steps: {progress.done} / {progress.total}
        <progress max={progress.total} value={progress.done} aria-label="random steps progress">
          {pct}%
        </progress>
      </div>
    );
  }
  if (!notice) return null;
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
