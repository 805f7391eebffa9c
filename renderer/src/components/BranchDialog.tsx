import { useEffect, useRef } from 'react';
import { useController } from '../state/context';
import { useApp } from '../state/store';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps focus inside `dialog` while it is open (Tab and Shift+Tab wrap), closes it on Escape, and
 * gives focus back to where it was when it closes.
 */
function useModalFocus(dialog: React.RefObject<HTMLElement | null>, open: boolean, onEscape: () => void): void {
  useEffect(() => {
    const el = dialog.current;
    if (!open || !el) return;
    // Taken before the dialog takes the focus (an autoFocus would have moved it already).
    const previous = document.activeElement as HTMLElement | null;
    el.querySelector<HTMLElement>('[data-initial-focus]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        onEscape();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (!items.length) return;
      const [first, last] = [items[0], items[items.length - 1]];
      const inside = el.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      // Back where it was; if that is gone, to the selected log row (never to the page's body).
      const back =
        previous?.isConnected && previous !== document.body ? previous : document.querySelector<HTMLElement>('.log-row[tabindex="0"]');
      back?.focus();
    };
  }, [dialog, open, onEscape]);
}

/** Acting while looking at the past: branch (discard later steps) or cancel. */
export function BranchDialog() {
  const controller = useController();
  const pending = useApp((s) => s.pendingBranch);
  const selected = useApp((s) => s.selected);
  const length = useApp((s) => s.length);
  const ref = useRef<HTMLDivElement>(null);
  const cancel = useRef(() => void controller.confirmBranch(false)).current;
  useModalFocus(ref, !!pending, cancel);
  if (!pending) return null;
  const later = length - 1 - selected;
  return (
    <div className="modal-backdrop" role="presentation" onMouseDown={(e) => e.target === e.currentTarget && cancel()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="branch-title" ref={ref}>
        <h2 id="branch-title">Branch from step {selected}?</h2>
        <p>
          You are looking at step {selected}. Acting here discards the {later} later step{later === 1 ? '' : 's'} and continues from this
          state.
        </p>
        <div className="modal-actions">
          <button onClick={cancel} data-initial-focus>
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
