import { useEffect, useState } from 'react';
import type { RestoreOffer as Offer } from '../../../engine/host/protocol';
import { useController } from '../state/context';
import { useApp } from '../state/store';

/**
 * A session a crash left unfinished, offered back as `flowscope serve` prints it (the desktop app
 * asks in a dialog): Restore replays every action it recorded, Discard deletes it.
 */
export function RestoreOffer() {
  const controller = useController();
  const host = controller.host;
  const connection = useApp((s) => s.connection);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  useEffect(() => {
    if (connection !== 'open' || typeof host.restoreOffer !== 'function') return;
    let live = true;
    host.restoreOffer().then(
      (o) => live && setOffer(o),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [host, connection]);

  if (!offer) return null;
  const file = offer.shown ?? offer.game;
  const act = async (what: 'restore' | 'discard') => {
    setState({ busy: true, error: null });
    try {
      if (what === 'restore') {
        await host.restoreUnfinished!();
        await controller.boot();
      } else await host.discardUnfinished!();
      setOffer(null);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: (error as Error).message });
    }
  };
  return (
    <div className="notice info restore-offer" role="group" aria-label="restore the unfinished session" data-testid="restore-offer">
      <span className="notice-text">
        Restore the session that was open when Flowscope stopped? <strong title={offer.game}>{file}</strong>, opened{' '}
        {new Date(offer.at).toLocaleString()}: {offer.actions} action{offer.actions === 1 ? '' : 's'} recorded
        {offer.torn ? ' (its last, half-written action is left out)' : ''}
        {offer.damaged
          ? ` (line ${offer.damaged.line} of its journal is damaged: the ${offer.damaged.actionsAfter} action${offer.damaged.actionsAfter === 1 ? '' : 's'} after it cannot be restored; the whole journal is kept)`
          : ''}
        .
        {state.error && (
          <span className="restore-error" role="alert">
            {' '}
            {state.error}
          </span>
        )}
      </span>
      <button disabled={state.busy} onClick={() => void act('restore')}>
        {state.busy ? 'Restoring…' : 'Restore'}
      </button>
      <button disabled={state.busy} onClick={() => void act('discard')}>
        Discard
      </button>
    </div>
  );
}
