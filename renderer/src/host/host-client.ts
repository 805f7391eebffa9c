import {
  HOST_METHODS,
  LIVE_METHODS,
  RESTORE_METHODS,
  type HostApi,
  type HostEvent,
  type HostMethod,
  type HostServerMessage,
  type LiveApi,
  type LiveMethod,
  type RestoreApi,
  type RestoreMethod,
} from '../../../engine/host/protocol';

/**
 * `open`: talking to the host. `closed`: the server went away; reconnecting with backoff.
 * `refused`: the server is up but refused this page (a wrong or missing token); retrying cannot help.
 */
export type ConnectionStatus = 'open' | 'closed' | 'refused';

export interface HostConnection extends HostApi, Partial<LiveApi>, Partial<RestoreApi> {
  onEvent(listener: (event: HostEvent) => void): () => void;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
}

/** A call that failed because there is no connection (the status banner already says so). */
export const connectionError = (message: string) => Object.assign(new Error(message), { name: 'ConnectionError' });

/** Delay before reconnect attempt `n` (0-based): 0.5 s doubling to at most 8 s. */
export const reconnectDelay = (attempt: number) => Math.min(500 * 2 ** attempt, 8000);

/** Is the page's own server answering? A WebSocket that fails while it does was refused (token, origin). */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch(location.pathname, { method: 'HEAD', cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * `HostApi` over the browser-mode server's WebSocket. The token comes from the page URL
 * (`?token=…`), which `flowscope serve` prints. When the server stops, calls fail at once with a
 * clear error (nothing is queued behind the user's back) and the socket reconnects with backoff.
 */
export function connectWebSocketHost(url: string): HostConnection {
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Set<(event: HostEvent) => void>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  // Only calls made before the first connection opens wait for it; later ones never queue.
  const queue: string[] = [];
  let everOpen = false;
  let attempt = 0;
  let socket: WebSocket;
  let nextId = 1;
  const setStatus = (status: ConnectionStatus) => statusListeners.forEach((l) => l(status));
  const failPending = (message: string) => {
    for (const p of pending.values()) p.reject(connectionError(message));
    pending.clear();
    queue.length = 0;
  };
  const onMessage = (message: MessageEvent) => {
    let data: HostServerMessage;
    try {
      data = JSON.parse(String(message.data)) as HostServerMessage;
    } catch {
      return;
    }
    if ('event' in data) {
      listeners.forEach((l) => l(data.event));
      return;
    }
    const p = data.id === null ? undefined : pending.get(data.id);
    if (!p) {
      // A reply to no request of ours (the server could not read its id): say so rather than hang.
      if (!data.ok) console.error(`Flowscope refused a request: ${data.error.message}`);
      return;
    }
    pending.delete(data.id!);
    if (data.ok) p.resolve(data.result);
    else p.reject(Object.assign(new Error(data.error.message), { name: data.error.name }));
  };
  const connect = () => {
    let opened = false;
    socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      opened = everOpen = true;
      attempt = 0;
      for (const m of queue.splice(0)) socket.send(m);
      setStatus('open');
    });
    socket.addEventListener('close', async () => {
      setStatus('closed');
      failPending('the connection to Flowscope closed: the server stopped (reconnecting…)');
      if (!opened && (await serverAnswers())) {
        setStatus('refused');
        return;
      }
      setTimeout(connect, reconnectDelay(attempt++));
    });
    socket.addEventListener('message', onMessage);
  };
  connect();
  const call =
    (method: HostMethod | LiveMethod | RestoreMethod) =>
    (...params: unknown[]) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        // JSON turns an omitted trailing argument into null: drop them so optional ones stay absent.
        while (params.length && params[params.length - 1] === undefined) params.pop();
        const text = JSON.stringify({ id, method, params });
        if (socket.readyState === WebSocket.OPEN) socket.send(text);
        else if (!everOpen) queue.push(text);
        else {
          pending.delete(id);
          reject(connectionError('not connected to Flowscope: the server stopped; reconnecting… (nothing was sent)'));
        }
      });
  // One function per method of the protocol's definition, each sending `{ id, method, params }`.
  const methods = Object.fromEntries(
    [...HOST_METHODS, ...LIVE_METHODS, ...RESTORE_METHODS].map((method) => [method, call(method)]),
  ) as unknown as HostApi & LiveApi & RestoreApi;
  return {
    ...methods,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  } satisfies HostConnection;
}

/** The host the page was opened for: the preload's (desktop) or the server's WebSocket (browser). */
export function connectHost(): HostConnection {
  const injected = (globalThis as { flowscopeHost?: HostConnection }).flowscopeHost;
  if (injected) return injected;
  const params = new URLSearchParams(location.search);
  const token = params.get('token') ?? '';
  const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?token=${encodeURIComponent(token)}`;
  return connectWebSocketHost(wsUrl);
}
