import { useController } from '../state/context';
import { useApp } from '../state/store';

/** Acting while looking at the past: branch (discard later steps) or cancel. */
export function BranchDialog() {
  const controller = useController();
  const pending = useApp((s) => s.pendingBranch);
  const selected = useApp((s) => s.selected);
  const length = useApp((s) => s.length);
  if (!pending) return null;
  const later = length - 1 - selected;
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="branch-title">
        <h2 id="branch-title">Branch from step {selected}?</h2>
        <p>
          You are looking at step {selected}. Acting here discards the {later} later step{later === 1 ? '' : 's'} and continues from this state.
        </p>
        <div className="modal-actions">
          <button onClick={() => void controller.confirmBranch(false)} autoFocus>
            Cancel
          </button>
          <button className="danger" onClick={() => void controller.confirmBranch(true)}>
            Branch (discard {later})
          </button>
        </div>
      </div>
    </div>
  );
}
