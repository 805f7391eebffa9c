import { errorReply, type HostErrorReply, type HostEvent, type HostResponseMessage, type LiveCall } from '../../engine';
import type { EngineHost } from '../host/engine-host';
import { startAttachServer, type AttachServer, type AttachServerOptions } from './attach-server';
import { LiveFollower } from './live-follower';
import { LiveHub } from './live-hub';

/** Where the attach endpoint listens and what it accepts; false turns following off. */
export type LiveHostOptions = Omit<AttachServerOptions, 'hub'> | false;

/**
 * Following games that run outside Flowscope, for one host process (browser mode's server or the
 * desktop app's main process): the attach endpoint, the matches it hears of, and the answers to the
 * protocol's live methods, whatever carries them (a WebSocket, IPC).
 */
export interface LiveHost {
  /** Where followed games connect, with the pairing token (null when following is off). */
  attach: AttachServer | null;
  live: LiveFollower | null;
  /** The reply to a live request (from `readLiveRequest` or `readLiveCall`); never throws. */
  answer(call: LiveCall): Promise<HostResponseMessage | HostErrorReply>;
  close(): Promise<void>;
}

/**
 * Starts the attach endpoint (127.0.0.1 only, the pairing token, the Origins and limits of
 * `startAttachServer`) and follows reported matches in `engine`'s session, telling the UI through
 * `emit`. `offReason` says why following is off when `options` is false.
 */
export async function startLiveHost(
  engine: EngineHost,
  emit: (event: HostEvent) => void,
  options: LiveHostOptions,
  offReason: string,
): Promise<LiveHost> {
  const hub = new LiveHub();
  const attach = options === false ? null : await startAttachServer({ ...options, hub });
  const live = attach ? new LiveFollower(hub, engine, emit, { url: attach.url, token: attach.token }) : null;
  return {
    attach,
    live,
    async answer(call) {
      if (!call.ok) return call.reply;
      try {
        if (!live) throw Object.assign(new Error(`following games is off (${offReason})`), { name: 'HostError' });
        const result = await (live[call.method] as (...args: unknown[]) => Promise<unknown>).apply(live, call.params);
        return { id: call.id, ok: true, result };
      } catch (error) {
        return errorReply(call.id, error);
      }
    },
    close: async () => attach?.close(),
  };
}
