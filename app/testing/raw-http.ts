import net from 'node:net';
import WebSocket from 'ws';

/** Sends `request` as raw bytes to 127.0.0.1:`port`; resolves with the status code (0 when the server closed without one). */
export function rawRequest(port: number, request: string | Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n')) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.write(request);
  });
}

/** A GET of `target` exactly as written (no normalisation by a client library). */
export function rawGet(port: number, target: string, headers: Record<string, string> = {}): Promise<number> {
  const lines = [
    `GET ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    'Connection: close',
    '',
    '',
  ];
  return rawRequest(port, lines.join('\r\n'));
}

/** Opens the UI WebSocket with `query` and `origin`; rejects with "refused STATUS" when the upgrade is refused. */
export function connectWs(port: number, query: string, origin?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${query}`, origin ? { origin } : {});
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Sends one request and resolves with the answer carrying its id. */
export function callWs(ws: WebSocket, id: number, method: string, params: unknown[] = []): Promise<any> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data));
      if (message.id === id) {
        ws.off('message', onMessage);
        resolve(message);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, method, params }));
  });
}

/** Resolves with the next message's text, or with null when the socket closes first. */
export function nextMessage(ws: WebSocket): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (value: string | null) => {
      ws.off('message', onMessage);
      ws.off('close', onClose);
      resolve(value);
    };
    const onMessage = (data: WebSocket.RawData) => done(String(data));
    const onClose = () => done(null);
    ws.on('message', onMessage);
    ws.on('close', onClose);
  });
}

/** Resolves when the socket is closed (by either side). */
export function closed(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => (ws.readyState === ws.CLOSED ? resolve(0) : ws.once('close', (code) => resolve(code))));
}
