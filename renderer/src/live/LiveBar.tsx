import { useEffect, useState } from 'react';
import { useController } from '../state/context';
import { ConnectHelp } from './ConnectHelp';
import { useApp, useStore } from '../state/store';
import { connectLive, follow, useLive } from './live-follow';
import './live.css';

function describe(m: { source: string; game: string | null; matchID: string; playerID: string | null }): string {
  const who = m.source === 'server' ? `server match ${m.matchID}` : m.playerID !== null ? `client of player ${m.playerID}` : 'local client';
  return `${m.game ?? 'unnamed game'}: ${who}`;
}

/**
 * Games running outside Flowscope that report to it: a list to pick one from, a Live mark while
 * following, and how to connect a game (shown on request: the desktop app's File menu, or here).
 */
export function LiveBar() {
  const controller = useController();
  const live = useLive();
  const [open, setOpen] = useState(false);
  const store = useStore();
  const connect = useApp((s) => s.live.connectShown);
  const setConnect = (shown: boolean) => store.patch('live', { connectShown: shown });
  useEffect(() => connectLive(controller), [controller]);
  if (!connect && (live.unavailable || (!live.matches.length && !live.following))) return null;
  const followed = live.matches.find((m) => m.id === live.following);
  return (
    <div className="live-bar" role="region" aria-label="followed games">
      {followed ? (
        <span
          className={`live-mark${followed.connected ? '' : ' off'}`}
          title={followed.connected ? 'following live' : 'the game disconnected'}
        >
          ● Live: {describe(followed)} · {followed.steps} steps{followed.gameover ? ' · game over' : ''}
        </span>
      ) : live.matches.length ? (
        <span>
          {live.matches.length === 1 ? 'A game you run reports to Flowscope.' : `${live.matches.length} games you run report to Flowscope.`}
        </span>
      ) : (
        <span>No game you run reports to Flowscope yet.</span>
      )}
      {live.matches.length > 0 && (
        <button className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide matches' : 'Matches…'}
        </button>
      )}
      <button className="link" aria-expanded={connect} onClick={() => setConnect(!connect)}>
        {connect ? 'Hide connecting' : 'Connect a game…'}
      </button>
      {connect && <ConnectHelp attach={live.attach} reason={live.unavailable ? live.reason : undefined} />}
      {open && (
        <ul className="live-list">
          {live.matches.map((m) => (
            <li key={m.id}>
              <span>
                {describe(m)} · {m.steps} steps{m.gameover ? ' · game over' : ''}
                {m.connected ? '' : ' · disconnected'}
              </span>
              <button disabled={m.id === live.following} onClick={() => void follow(controller, m.id).then(() => setOpen(false))}>
                {m.id === live.following ? 'Following' : 'Follow'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
