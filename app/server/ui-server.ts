import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { errorReply, ProtocolError, readLiveRequest, readRequestMessage, type HostEvent } from '../../engine';
import { EngineHost } from '../host/engine-host';
import { readRestoreRequest, type RestoreOffer, type SessionView } from '../../engine';
import type { AttachServer } from '../attach/attach-server';
import type { LiveFollower } from '../attach/live-follower';
import { startLiveHost, type LiveHostOptions } from '../attach/live-host';
import { journalLosses, retireJournal, SessionJournal, type FoundJournal } from '../journal/session-journal';
import { contentTypeOf, staticFileFor } from './static-files';
import { shownPath } from '../files/shown-path';

export interface UiServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  token?: string;
  /** The built UI (renderer/dist). */
  staticDir: string;
  fixturesDir: string;
  /** How long game code may run without progress before it is stopped. */
  timeoutMs?: number;
  /** The engine worker's heap limit in MB (`--max-memory`). */
  maxMemoryMb?: number;
  /** Run an @xstate/inspect server beside the sessions' chart actors. */
  inspect?: { port?: number; token?: string };
  /** Reload the game when its files change (default on). */
  watch?: boolean;
  /** Let boardgame.io clients and servers report their matches to follow (flowscope/attach); off when false. */
  attach?: LiveHostOptions;
  /** Journal the session's actions in this folder (see `SessionJournal`). */
  journalDir?: string;
  /** A session a crash left unfinished, offered to the page to restore or discard. */
  unfinished?: FoundJournal | null;
  /** The largest WebSocket message accepted (default 64 MiB); a bigger one closes that socket. */
  maxMessageBytes?: number;
}

const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** The server could not start listening (a port in use, a port not allowed). */
export class ServerStartError extends Error {
  override name = 'ServerStartError';
}

export interface UiServer {
  /** The address to open, token included. */
  url: string;
  port: number;
  token: string;
  engine: EngineHost;
  /** Where followed games connect, and the matches they reported (when attach is on). */
  attach: AttachServer | null;
  live: LiveFollower | null;
  close(): Promise<void>;
}

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

/** The `token` query parameter of a request target, or null. */
function tokenOf(target: string | undefined): string | null {
  try {
    return new URL(target ?? '/', 'http://127.0.0.1').searchParams.get('token');
  } catch {
    return null;
  }
}

/** The path of a request target in origin form (`/a/b?q`); null for anything else (`*`, absolute URLs). */
function urlPathOf(target: string | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return null;
  const end = target.search(/[?#]/);
  return end < 0 ? target : target.slice(0, end);
}

/**
 * Browser mode: serves the built UI on 127.0.0.1 and relays the UI's `HostApi` calls over a
 * WebSocket to an `EngineHost` (game code runs in its watched worker). The WebSocket demands the
 * session token and this server's own Origin.
 */
export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const clients = new Set<WebSocket>();
  // The progress of what is under way (a replay loading), for pages that connect in the middle of it.
  let progress: string | null = null;
  const broadcast = (event: HostEvent) => {
    const text = JSON.stringify({ event });
    if (event.type === 'progress') progress = event.done < event.total ? text : null;
    for (const c of clients) if (c.readyState === c.OPEN) c.send(text);
  };
  const engine = new EngineHost({
    fixturesDir: options.fixturesDir,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxMemoryMb: options.maxMemoryMb,
    onEvent: broadcast,
    inspect: options.inspect,
    watch: options.watch ?? true,
    journal: options.journalDir ? new SessionJournal(options.journalDir) : undefined,
  });
  let port = 0;
  const liveHost = await startLiveHost(engine, broadcast, options.attach ?? {}, 'serve was started with --no-attach').catch(
    async (error) => {
      await engine.close();
      throw new ServerStartError(
        `cannot listen for followed games on 127.0.0.1:${options.attach ? options.attach.port : ''}: ${listenProblem(error)} (choose another --attach-port, 0 for any free one, or --no-attach)`,
      );
    },
  );
  const { attach, live } = liveHost;
  const restore = unfinishedSession(options.unfinished ?? null, engine, broadcast);

  const server = http.createServer((req, res) => {
    if (!isLoopbackHost(req.headers.host, port)) {
      res.writeHead(403, { 'Content-Type': 'text/plain' }).end('Flowscope only answers on its loopback address.');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = urlPathOf(req.url);
    const file = pathname === null ? null : staticFileFor(options.staticDir, pathname);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    if (!existsSync(options.staticDir)) {
      res
        .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('The Flowscope UI is not built yet: run `npm run build:ui` (npm install does it).');
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': contentTypeOf(file), 'Cache-Control': 'no-cache', ...SECURITY_HEADERS });
    res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
  });

  const wss = new WebSocketServer({
    server,
    path: '/ws',
    maxPayload: options.maxMessageBytes ?? MAX_MESSAGE_BYTES,
    verifyClient: ({ req }, done) => {
      if (!isLoopbackHost(req.headers.host, port)) return done(false, 403, 'foreign host');
      if (!isOwnOrigin(req.headers.origin, port)) return done(false, 403, 'foreign origin');
      if (!sameToken(tokenOf(req.url), token)) return done(false, 401, 'bad token');
      done(true);
    },
  });
  // Without these listeners a client's bad frame (invalid UTF-8, over the size limit) would be an
  // uncaught 'error' event, and an uncaught error ends the process.
  wss.on('error', () => undefined);
  wss.on('connection', (socket) => {
    clients.add(socket);
    if (progress) socket.send(progress);
    // ws has already begun closing with the reason's code (1009 too big, 1007 bad UTF-8): let that
    // close frame reach the client; cutting the connection here would turn it into 1006.
    socket.on('error', () => socket.readyState !== socket.CLOSING && socket.terminate());
    // Random runs this client started and still waits for: stopped when it leaves (nobody wants them).
    let runningRandom = 0;
    socket.on('close', () => {
      clients.delete(socket);
      if (runningRandom > 0) engine.cancelLongWork();
    });
    socket.on('message', async (data, isBinary) => {
      // A client may be gone by the time its answer is ready.
      const reply = (value: unknown) =>
        socket.readyState === socket.OPEN && socket.send(typeof value === 'string' ? value : JSON.stringify(value));
      const liveCall = isBinary ? null : readLiveRequest(data.toString());
      if (liveCall) return void reply(await liveHost.answer(liveCall));
      const restoreRequest = isBinary ? null : readRestoreRequest(data.toString());
      if (restoreRequest) {
        if (!restoreRequest.ok) return void reply(restoreRequest.reply);
        try {
          reply({ id: restoreRequest.id, ok: true, result: await restore[restoreRequest.method]() });
        } catch (error) {
          reply(errorReply(restoreRequest.id, error));
        }
        return;
      }
      const read = readClientRequest(data, isBinary);
      if (!read.ok) {
        reply(read.reply);
        return;
      }
      const isRandom = read.request.method === 'random';
      if (isRandom) runningRandom++;
      try {
        reply(await engine.request(read.request.method, read.request.params, read.id));
      } catch (error) {
        reply(errorReply(read.id, error));
      } finally {
        if (isRandom) runningRandom--;
      }
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await engine.close();
    await liveHost.close();
    const code = (error as { code?: string }).code;
    throw new ServerStartError(
      `cannot listen on 127.0.0.1:${options.port ?? 0}: ${listenProblem(error)}${code === 'EADDRINUSE' ? ' (choose another --port, or 0 for any free one)' : ''}`,
    );
  }
  port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    engine,
    attach,
    live,
    async close() {
      await liveHost.close();
      for (const c of clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await engine.close();
    },
  };
}

/** Why a server could not listen, in words. */
function listenProblem(error: unknown): string {
  const code = (error as { code?: string }).code;
  return code === 'EADDRINUSE' ? 'it is in use' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
}

/**
 * The restore offer of a session a crash left unfinished: restoring it replays every action it
 * recorded (requests wait, as for any rebuild) and deletes its journal; discarding deletes it. A
 * failed restore keeps the journal and says where it is.
 */
function unfinishedSession(journal: FoundJournal | null, engine: EngineHost, broadcast: (event: HostEvent) => void) {
  let offer = journal;
  const gone = () =>
    Object.assign(new Error('there is no unfinished session any more (it was restored or discarded)'), { name: 'HostError' });
  return {
    restoreOffer: async (): Promise<RestoreOffer | null> =>
      offer
        ? {
            game: offer.open.game,
            shown: shownPath(offer.open.game),
            at: offer.at,
            actions: offer.actions.length,
            torn: offer.torn,
            ...(offer.damaged ? { damaged: { line: offer.damaged.line, actionsAfter: offer.damaged.actionsAfter } } : {}),
          }
        : null,
    restoreUnfinished: async (): Promise<SessionView> => {
      const taken = offer;
      if (!taken) throw gone();
      offer = null;
      let view: SessionView;
      try {
        view = await engine.restoreSession(taken);
      } catch (error) {
        offer = taken;
        throw Object.assign(
          new Error(`the session could not be restored: ${(error as Error).message} (its journal is kept at ${taken.file})`),
          { name: 'HostError' },
        );
      }
      const losses = journalLosses(taken, retireJournal(taken));
      if (losses) process.stderr.write(`flowscope: restored with losses: ${losses}\n`);
      broadcast({ type: 'session', view });
      return view;
    },
    discardUnfinished: async (): Promise<null> => {
      if (!offer) throw gone();
      rmSync(offer.file, { force: true });
      offer = null;
      return null;
    },
  };
}

/** One client message as a validated request, or the error reply it gets (never throws). */
function readClientRequest(data: RawData, isBinary: boolean): ReturnType<typeof readRequestMessage> {
  if (isBinary) return { ok: false, reply: errorReply(null, new ProtocolError('expected a text message holding JSON, got a binary one')) };
  const text = Array.isArray(data)
    ? Buffer.concat(data).toString('utf8')
    : Buffer.isBuffer(data)
      ? data.toString('utf8')
      : Buffer.from(data).toString('utf8');
  return readRequestMessage(text);
}
