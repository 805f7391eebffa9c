import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { errorReply, ProtocolError, readRequestMessage, type HostEvent } from '../../engine';
import { EngineHost } from '../host/engine-host';

export interface UiServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  token?: string;
  /** The built UI (renderer/dist). */
  staticDir: string;
  fixturesDir: string;
  /** How long game code may run without progress before it is stopped. */
  timeoutMs?: number;
  /** Run an @xstate/inspect server beside the sessions' chart actors. */
  inspect?: { port?: number; token?: string };
  /** Reload the game when its files change (default on). */
  watch?: boolean;
}

export interface UiServer {
  /** The address to open, token included. */
  url: string;
  port: number;
  token: string;
  engine: EngineHost;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

function sameToken(given: string | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A `Host` header naming this server on loopback (refusing others defeats DNS rebinding). */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  return !!host && LOOPBACK_HOSTS.some((h) => host === `${h}:${port}`);
}

/** An `Origin` that is this very server; any other page is refused. */
export function isOwnOrigin(origin: string | undefined, port: number): boolean {
  return !!origin && LOOPBACK_HOSTS.some((h) => origin === `http://${h}:${port}`);
}

/**
 * Browser mode: serves the built UI on 127.0.0.1 and relays the UI's `HostApi` calls over a
 * WebSocket to an `EngineHost` (game code runs in its watched worker). The WebSocket demands the
 * session token and this server's own Origin.
 */
export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const clients = new Set<WebSocket>();
  const broadcast = (event: HostEvent) => {
    const text = JSON.stringify({ event });
    for (const c of clients) if (c.readyState === c.OPEN) c.send(text);
  };
  const engine = new EngineHost({ fixturesDir: options.fixturesDir, timeoutMs: options.timeoutMs ?? 10_000, onEvent: broadcast, inspect: options.inspect, watch: options.watch ?? true });
  let port = 0;

  const server = http.createServer((req, res) => {
    if (!isLoopbackHost(req.headers.host, port)) {
      res.writeHead(403, { 'Content-Type': 'text/plain' }).end('Flowscope only answers on its loopback address.');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = path.resolve(options.staticDir, `.${relative}`);
    if (!file.startsWith(path.resolve(options.staticDir) + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    if (!existsSync(options.staticDir)) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The Flowscope UI is not built yet: run `npm run build:ui` (npm install does it).');
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache', ...SECURITY_HEADERS });
    res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
  });

  const wss = new WebSocketServer({
    server,
    path: '/ws',
    maxPayload: 64 * 1024 * 1024,
    verifyClient: ({ req }, done) => {
      const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
      if (!isLoopbackHost(req.headers.host, port)) return done(false, 403, 'foreign host');
      if (!isOwnOrigin(req.headers.origin, port)) return done(false, 403, 'foreign origin');
      if (!sameToken(url.searchParams.get('token'), token)) return done(false, 401, 'bad token');
      done(true);
    },
  });
  wss.on('connection', (socket) => {
    clients.add(socket);
    socket.on('close', () => clients.delete(socket));
    socket.on('message', async (data, isBinary) => {
      const read = readClientRequest(data, isBinary);
      if (!read.ok) {
        socket.send(JSON.stringify(read.reply));
        return;
      }
      try {
        socket.send(await engine.request(read.request.method, read.request.params, read.id));
      } catch (error) {
        socket.send(JSON.stringify(errorReply(read.id, error)));
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    engine,
    async close() {
      for (const c of clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await engine.close();
    },
  };
}

/** One client message as a validated request, or the error reply it gets (never throws). */
function readClientRequest(data: RawData, isBinary: boolean): ReturnType<typeof readRequestMessage> {
  if (isBinary) return { ok: false, reply: errorReply(null, new ProtocolError('expected a text message holding JSON, got a binary one')) };
  const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
  return readRequestMessage(text);
}
