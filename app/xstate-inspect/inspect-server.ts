import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
// '@xstate/inspect/server' (as its README writes it) does not resolve: the package has no
// `exports` map and no `server/` folder, so the file is imported by its real path.
import { inspect } from '@xstate/inspect/lib/server.js';
import { WebSocket, WebSocketServer } from 'ws';

/**
 * A local WebSocket endpoint for XState inspector clients (`createWebSocketReceiver` from
 * `@xstate/inspect`). Every interpreter started with `{ devTools: true }` in this process (the
 * chart actor of `flowscope serve --inspect`) is announced to connected clients as
 * `service.register`, then `service.event` / `service.state` / `service.stop` messages.
 *
 * Security (see docs/inspect.md): bound to 127.0.0.1 only; every upgrade must carry
 * `?token=<token>` (401 otherwise); a present `Origin` must be a loopback http(s) origin and the
 * `Host` must be a loopback name (403 otherwise: foreign web pages, including Stately's hosted
 * inspector, and DNS rebinding). Clients are read-only: the only message they may send is
 * `{"type":"xstate.inspecting"}`; `@xstate/inspect` would otherwise let any client drive the
 * inspected machines (`xstate.event`), end inspection for the whole process (`disconnect`), or
 * rebroadcast forged `service.*` messages to the other clients.
 */
export interface InspectServer {
  /** `ws://127.0.0.1:<port>/?token=<token>`. */
  url: string;
  port: number;
  token: string;
  /** The listening socket's address (always 127.0.0.1). */
  address(): AddressInfo;
  /** Disconnects every client and stops listening. Idempotent. */
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Clients only ever need to send `xstate.inspecting`; bigger frames are refused by ws. */
const MAX_CLIENT_MESSAGE = 4096;
/** How long `close()` waits for clients to answer the close frame. */
const CLOSE_GRACE_MS = 500;

/**
 * `@xstate/inspect/server`'s `inspect()` installs process globals (`globalThis.__xstate__`, and
 * module-level sets of services and listeners that a second call would add to, patching every
 * service's `send` once more). So it is called once per process, on a stand-in for a
 * WebSocketServer (the hub); real servers come and go and attach to the hub. The hub lives on
 * `globalThis` so that a second copy of this module (another bundle, a test runner's module
 * reload) still shares it.
 */
interface Hub {
  servers: Set<WebSocketServer>;
  /** What `inspect()` believes is its WebSocketServer. */
  facade: EventEmitter;
}

const HUB_KEY = Symbol.for('flowscope.inspect-hub');

function hub(): Hub {
  const g = globalThis as typeof globalThis & { [HUB_KEY]?: Hub };
  const existing = g[HUB_KEY];
  if (existing) return existing;
  const servers = new Set<WebSocketServer>();
  // inspect() only uses `clients.forEach(c => c.readyState === c.OPEN && c.send(text))` to
  // broadcast, `on('connection')` to read what clients send, and `on('close')` to stop itself
  // (the hub never closes). One pseudo-client fans each message out to every live server.
  const broadcaster = {
    OPEN: WebSocket.OPEN,
    readyState: WebSocket.OPEN,
    send(text: string) {
      if (!keepOutgoing(text)) return;
      for (const server of servers) {
        for (const client of server.clients) if (client.readyState === WebSocket.OPEN) client.send(text);
      }
    },
  };
  const facade = Object.assign(new EventEmitter(), {
    clients: { forEach: (fn: (client: typeof broadcaster) => void) => fn(broadcaster) },
    close() {},
  });
  const created: Hub = { servers, facade };
  g[HUB_KEY] = created;
  inspect({ server: facade as unknown as WebSocketServer });
  return created;
}

/**
 * The server side of @xstate/inspect 0.8 subscribes to each service while `start()` is still
 * running, before the service has a state, and forwards that as a `service.state` without a
 * `state` (its browser side filters it; its receivers fail on it with a console error).
 */
function keepOutgoing(text: string): boolean {
  if (!text.startsWith('{"type":"service.state"')) return true;
  try {
    return typeof (JSON.parse(text) as { state?: unknown }).state === 'string';
  } catch {
    return false;
  }
}

/** Hands a real client to inspect() as a stand-in that only ever says `xstate.inspecting`. */
function attachClient(facade: EventEmitter, socket: WebSocket): void {
  const standIn = new EventEmitter();
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    let message: unknown;
    try {
      message = JSON.parse(data.toString());
    } catch {
      return; // inspect() would throw on it, out of an event handler: the process would die
    }
    if (message && typeof message === 'object' && (message as { type?: unknown }).type === 'xstate.inspecting') {
      standIn.emit('message', Buffer.from('{"type":"xstate.inspecting"}'), false);
    }
  });
  socket.on('error', () => socket.terminate());
  facade.emit('connection', standIn);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Constant-time comparison (of digests, so unequal lengths take the same time too). */
function sameToken(given: string | null, token: string): boolean {
  return given !== null && timingSafeEqual(digest(given), digest(token));
}

function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the opaque origin "null" (file:, sandboxed frames)
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    LOOPBACK_HOSTS.has(url.hostname) &&
    url.username === '' &&
    url.password === ''
  );
}

function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host.trim().toLowerCase());
  return !!match && LOOPBACK_HOSTS.has(match[1]);
}

type VerifyResult = { ok: true } | { ok: false; code: number; reason: string };

function verify(req: IncomingMessage, origin: string | undefined, token: string): VerifyResult {
  if (!isLoopbackHost(req.headers.host)) return { ok: false, code: 403, reason: 'Host must be a loopback address' };
  if (origin !== undefined && !isLoopbackOrigin(origin))
    return { ok: false, code: 403, reason: 'Origin must be a loopback http(s) origin' };
  let given: string | null = null;
  try {
    given = new URL(req.url ?? '/', 'ws://127.0.0.1').searchParams.get('token');
  } catch {
    given = null;
  }
  if (!sameToken(given, token)) return { ok: false, code: 401, reason: 'missing or wrong token' };
  return { ok: true };
}

/**
 * Starts an inspection endpoint on 127.0.0.1 (`port` 0, the default, picks a free port). Several
 * may run at once and each sees every devTools-enabled interpreter of the process; start it
 * before the interpreters you want to see (an interpreter registers when it starts, and only if
 * the XState dev-tools global exists by then; once one server has started, it always does).
 */
export async function startInspectServer(options: { port?: number; token?: string } = {}): Promise<InspectServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  if (!token) throw new Error('the inspect token must not be empty');
  const { servers, facade } = hub();
  // Plain HTTP requests get 426; upgrades go to ws, which calls verifyClient first.
  const http = createServer((_req, res) => {
    res.writeHead(426, { 'Content-Type': 'text/plain', Connection: 'close' });
    res.end('flowscope inspect: WebSocket connections only (see docs/inspect.md)\n');
  });
  const server = new WebSocketServer({
    server: http,
    maxPayload: MAX_CLIENT_MESSAGE,
    verifyClient: (info, done) => {
      const result = verify(info.req, info.origin, token);
      if (result.ok) done(true);
      else done(false, result.code, result.reason);
    },
  });
  server.on('error', () => {}); // re-emitted HTTP server errors: handled below
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => {
      http.off('listening', onListening);
      server.close();
      const code = (error as { code?: string }).code;
      const why =
        code === 'EADDRINUSE'
          ? 'it is in use (choose another --inspect-port, or 0 for any free one)'
          : code === 'EACCES'
            ? 'permission denied (choose a port above 1023, or 0 for any free one)'
            : error.message;
      // Named like the UI server's own failure to listen: the command line reports it in one line.
      reject(
        Object.assign(new Error(`cannot start the inspect server on 127.0.0.1:${options.port ?? 0}: ${why}`), { name: 'ServerStartError' }),
      );
    };
    const onListening = () => {
      http.off('error', onError);
      resolve();
    };
    http.once('error', onError);
    http.once('listening', onListening);
    http.listen(options.port ?? 0, '127.0.0.1');
  });
  http.on('error', () => {}); // after listening, errors belong to single connections
  servers.add(server);
  server.on('connection', (socket) => attachClient(facade, socket));
  const address = http.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  return {
    url: `ws://127.0.0.1:${address.port}/?token=${encodeURIComponent(token)}`,
    port: address.port,
    token,
    address: () => ({ ...address }),
    close() {
      closing ??= new Promise<void>((resolve) => {
        servers.delete(server);
        // A close frame after what is queued (the last states, `service.stop`); clients that do
        // not answer it, and half-open requests, are cut off after a grace period.
        for (const client of server.clients) client.close(1001, 'flowscope inspect server closing');
        server.close();
        const cutOff = setTimeout(() => {
          for (const client of server.clients) client.terminate();
          http.closeAllConnections();
        }, CLOSE_GRACE_MS);
        http.close(() => {
          clearTimeout(cutOff);
          resolve();
        });
      });
      return closing;
    },
  };
}
