import { desktopApi } from '../desktop/bridge';
import { useApp, useStore } from '../state/store';
import { useLive } from './live-follow';

/**
 * In a browser nothing else says a game you run can report to Flowscope (the desktop app has File ›
 * Follow a Game You Run…): until one does, a link in the dock's strip (no row of its own, the chart
 * keeps the room) opens the followed-games bar with the token and the line to add.
 */
export function ConnectLink() {
  const store = useStore();
  const live = useLive();
  const shown = useApp((s) => s.live.connectShown);
  if (desktopApi() !== null || !live.attach || live.unavailable || shown || live.matches.length || live.following) return null;
  return (
    <button
      type="button"
      className="link dock-connect"
      data-testid="connect-link"
      aria-label="follow a game you run…"
      title="No game you run reports to Flowscope yet: add one line to it and follow it here as it is played"
      onClick={() => store.patch('live', { connectShown: true })}
    >
      follow<span className="dock-link-more"> a game you run</span>…
    </button>
  );
}
