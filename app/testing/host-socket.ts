import WebSocket from 'ws';

/** A test client of the browser-mode server's WebSocket, with the token and the server's own Origin. */
export function connectHostSocket(port: number, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`, { origin: `http://127.0.0.1:${port}` });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Sends raw text and resolves with the next answer carrying `id` (or, for `id` null, the next answer at all). */
export function sendRaw(ws: WebSocket, text: string, id: number | null): Promise<any> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data));
      if ('event' in message || (id !== null && message.id !== id)) return;
      ws.off('message', onMessage);
      ws.off('close', onClose);
      resolve(message);
    };
    const onClose = () => reject(new Error('the server closed the connection'));
    ws.on('message', onMessage);
    ws.once('close', onClose);
    ws.send(text);
  });
}

/** One HostApi request; resolves with the whole answer `{ id, ok, result | error }`. */
export function callHostSocket(ws: WebSocket, id: number, method: string, params: unknown[] = []): Promise<any> {
  return sendRaw(ws, JSON.stringify({ id, method, params }), id);
}
