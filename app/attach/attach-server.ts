import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { parseAttachMessage } from './attach-protocol';
import { AttachError, type LiveHub } from './live-hub';

export interface AttachServerOptions {
  hub: LiveHub;
  /** 0 picks a free port; the default is the one `flowscope/attach` tries first. */
  port?: number;
  /** The pairing token followed games must present (a random one by default). */
  token?: string;
  /**
   * Page Origins allowed to connect (a browser always sends one; Node senders send none). Default:
   * local development servers, http://localhost:* and http://127.0.0.1:*.
   */
  origins?: (string | RegExp)[];
  /** Largest message accepted, in bytes. */
  maxMessageBytes?: number;
  /** Messages a connection may send per second (averaged over a 2 s burst). */
  messagesPerSecond?: number;
}

export interface AttachServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export const DEFAULT_ATTACH_PORT = 8765;
export const DEV_SERVER_ORIGINS: RegExp[] = [/^http:\/\/localhost(:\d+)?$/, /^http:\/\/127\.0\.0\.1(:\d+)?$/, /^http:\/\/\[::1\](:\d+)?$/];
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];
const MAX_INVALID = 20;

function sameToken(given: string | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function originAllowed(origin: string | undefined, allowed: readonly (string | RegExp)[]): boolean {
  if (origin === undefined) return true; // not a browser page: a Node process on this machine
  return allowed.some((a) => (typeof a === 'string' ? a === origin : a.test(origin)));
}

/**
 * The endpoint followed games connect to: a WebSocket on 127.0.0.1 only, refused without the
 * pairing token or from a page Origin not allowed. Each message is validated before the hub sees
 * it; a connection that sends too much, too fast or too often invalid is closed, never Flowscope.
 */
export async function startAttachServer(options: AttachServerOptions): Promise<AttachServer> {
  const token = options.token ?? randomBytes(12).toString('base64url');
  const origins = options.origins ?? DEV_SERVER_ORIGINS;
  const rate = options.messagesPerSecond ?? 500;
  let port = 0;
  const server = http.createServer((_req, res) =>
    res.writeHead(426, { 'Content-Type': 'text/plain' }).end('Flowscope attach endpoint: connect with flowscope/attach.'),
  );
  const wss = new WebSocketServer({
    server,
    path: '/attach',
    maxPayload: options.maxMessageBytes ?? 4 * 1024 * 1024,
    verifyClient: ({ req }, done) => {
      const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
      if (!LOOPBACK_HOSTS.some((h) => req.headers.host === `${h}:${port}`)) return done(false, 403, 'foreign host');
      if (!originAllowed(req.headers.origin, origins)) return done(false, 403, 'origin not allowed');
      if (!sameToken(url.searchParams.get('token'), token)) return done(false, 401, 'bad pairing token');
      done(true);
    },
  });
  // The WebSocket server re-emits the HTTP server's errors (a port in use): without a listener that
  // would be an uncaught error, and listen() below would never hear of it.
  wss.on('error', () => undefined);
  const sockets = new Set<WebSocket>();
  wss.on('connection', (socket) => {
    sockets.add(socket);
    let sender: { instance: string; role: 'client' | 'server'; label?: string } | null = null;
    let allowance = rate * 2;
    let last = Date.now();
    let invalid = 0;
    const refuse = (error: string) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'error', error }));
      if (++invalid >= MAX_INVALID) socket.close(1008, 'too many invalid messages');
    };
    socket.on('message', (data, isBinary) => {
      const now = Date.now();
      allowance = Math.min(rate * 2, allowance + ((now - last) / 1000) * rate);
      last = now;
      if (--allowance < 0) return socket.close(1008, 'too many messages');
      if (isBinary) return refuse('binary messages are not part of the protocol');
      const parsed = parseAttachMessage(data.toString());
      if (!parsed.ok) return refuse(parsed.error);
      const message = parsed.message;
      if (message.type === 'hello') {
        sender = { instance: message.instance, role: message.role, label: message.label };
        return;
      }
      if (!sender) return refuse('send "hello" first');
      try {
        options.hub.receive(sender, message);
      } catch (error) {
        refuse(error instanceof AttachError ? error.message : `Flowscope could not take this message: ${(error as Error).message}`);
      }
    });
    socket.on('close', () => {
      sockets.delete(socket);
      if (sender) options.hub.disconnected(sender.instance);
    });
    // ws has already begun closing with the reason's code (1009 too big, 1007 bad UTF-8): let that
    // close frame reach the client; cutting the connection here would turn it into 1006.
    socket.on('error', () => socket.readyState !== socket.CLOSING && socket.terminate());
  });
  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => resolve());
    });
  try {
    await listen(options.port ?? DEFAULT_ATTACH_PORT);
  } catch (error) {
    // The usual port is taken (another Flowscope?): any free one, which serve prints.
    if (options.port !== undefined || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await listen(0);
  }
  port = (server.address() as { port: number }).port;
  return {
    url: `ws://127.0.0.1:${port}/attach`,
    port,
    token,
    async close() {
      for (const s of sockets) s.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
