import { HOST_METHODS, type HostApi, type HostEvent, type HostMethod, type HostServerMessage } from '../../../engine/host/protocol';

export interface HostConnection extends HostApi {
  onEvent(listener: (event: HostEvent) => void): () => void;
  onStatus(listener: (status: 'open' | 'closed') => void): () => void;
}

/**
 * `HostApi` over the browser-mode server's WebSocket. The token comes from the page URL
 * (`?token=…`), which `flowscope serve` prints.
 */
export function connectWebSocketHost(url: string): HostConnection {
  const socket = new WebSocket(url);
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Set<(event: HostEvent) => void>();
  const statusListeners = new Set<(status: 'open' | 'closed') => void>();
  const queue: string[] = [];
  let nextId = 1;
  socket.addEventListener('open', () => {
    for (const m of queue.splice(0)) socket.send(m);
    statusListeners.forEach((l) => l('open'));
  });
  socket.addEventListener('close', () => {
    for (const p of pending.values()) p.reject(new Error('the connection to Flowscope closed'));
    pending.clear();
    statusListeners.forEach((l) => l('closed'));
  });
  socket.addEventListener('message', (message) => {
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
  });
  const call =
    (method: HostMethod) =>
    (...params: unknown[]) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        // JSON turns an omitted trailing argument into null: drop them so optional ones stay absent.
        while (params.length && params[params.length - 1] === undefined) params.pop();
        const text = JSON.stringify({ id, method, params });
        if (socket.readyState === WebSocket.OPEN) socket.send(text);
        else queue.push(text);
      });
  // One function per method of the protocol's definition, each sending `{ id, method, params }`.
  const methods = Object.fromEntries(HOST_METHODS.map((method) => [method, call(method)])) as unknown as HostApi;
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
