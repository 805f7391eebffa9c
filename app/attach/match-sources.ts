import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readRegularTextFile } from '../files/read-regular-file';
import { readMatchRecord, type GameConfig, type MatchRecord } from '../../engine';

const require = createRequire(import.meta.url);

/** A match could not be read from a server or a storage folder; the message says why. */
export class MatchSourceError extends Error {
  override name = 'MatchSourceError';
}

const RETRIES = 10;

/**
 * boardgame.io's FlatFile keeps each key in a node-persist file named by the key's md5. node-persist
 * rewrites a file in place, so a running server's file may be caught half-written: read it again.
 */
function readPersisted(dir: string, key: string): unknown {
  const file = path.join(dir, createHash('md5').update(key).digest('hex'));
  for (let attempt = 1; ; attempt++) {
    if (!existsSync(file)) return undefined;
    let text: string;
    try {
      text = readRegularTextFile(file, `the stored key ${key}:`);
    } catch (error) {
      throw new MatchSourceError((error as Error).message);
    }
    try {
      return (JSON.parse(text) as { value?: unknown }).value;
    } catch (error) {
      if (attempt >= RETRIES) throw new MatchSourceError(`${file} (key ${key}) is not a node-persist file: ${(error as Error).message}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
}

function checkStorageFolder(dir: string): void {
  if (!existsSync(dir)) throw new MatchSourceError(`no storage folder ${dir}`);
  if (!statSync(dir).isDirectory())
    throw new MatchSourceError(`--storage must be the folder boardgame.io's FlatFile writes (its dir option), and ${dir} is a file`);
}

/** The match IDs a FlatFile folder holds. */
export function listStoredMatches(dir: string): string[] {
  checkStorageFolder(dir);
  const ids: string[] = [];
  for (const name of readdirSync(dir)) {
    try {
      const key = (JSON.parse(readRegularTextFile(path.join(dir, name), 'stored file')) as { key?: unknown }).key;
      if (typeof key === 'string' && key.endsWith(':metadata')) ids.push(key.slice(0, -':metadata'.length));
    } catch {
      // not one of node-persist's files
    }
  }
  return ids.sort();
}

/** Reads a match from boardgame.io's FlatFile storage folder (no server needed). */
export function readStoredMatch(dir: string, matchID: string): MatchRecord {
  checkStorageFolder(dir);
  const initialState = readPersisted(dir, `${matchID}:initial`);
  if (!initialState) {
    const known = listStoredMatches(dir);
    throw new MatchSourceError(
      `${dir} holds no match ${matchID}${known.length ? ` (it holds ${known.join(', ')})` : ' (it holds no matches)'}`,
    );
  }
  const metadata = readPersisted(dir, `${matchID}:metadata`) as { setupData?: unknown } | undefined;
  const read = readMatchRecord({
    initialState,
    state: readPersisted(dir, matchID) ?? undefined,
    log: readPersisted(dir, `${matchID}:log`) ?? [],
    setupData: metadata && typeof metadata === 'object' ? metadata.setupData : undefined,
  });
  if (!read.ok) throw new MatchSourceError(`${dir} holds a match ${matchID} that is not boardgame.io's: ${read.problems.join('; ')}`);
  return read.record;
}

/**
 * Reads a match from a running boardgame.io server as a spectator, through boardgame.io's own
 * client and SocketIO transport: the `sync` it receives holds the initial state (seed included),
 * the log and the latest state as a spectator sees it. What the server sends is checked before
 * boardgame.io's client reads it (`matchRecordSchema`): a server that is not boardgame.io's, or
 * that never answers, is one error, and the connection is closed either way.
 */
export async function readServerMatch(server: string, matchID: string, game: GameConfig, timeoutMs = 10_000): Promise<MatchRecord> {
  const url = loopbackOrHttp(server);
  const { Client } = require('boardgame.io/dist/cjs/client.js');
  const { SocketIO } = require('boardgame.io/dist/cjs/multiplayer.js');
  // WebSocket only, no reconnection: a connection still opening closes at once (a long-polling one
  // would wait for an answer that may never come, and keep the process alive).
  const socketOpts = { transports: ['websocket'], reconnection: false, timeout: timeoutMs };
  const client = Client({ game, matchID, multiplayer: SocketIO({ server: url, socketOpts }), debug: false });
  let refused: string | null = null;
  let record: MatchRecord | null = null;
  const receive = client.receiveTransportData.bind(client);
  try {
    const outcome = await new Promise<'synced' | 'refused' | 'silent' | 'unreachable'>((resolve) => {
      const timer = setTimeout(() => resolve('silent'), timeoutMs);
      const settle = (how: 'synced' | 'refused' | 'unreachable') => {
        clearTimeout(timer);
        resolve(how);
      };
      // Only a sync is read (a spectator needs nothing else), and only once it is checked.
      client.receiveTransportData = (data: { type?: unknown; args?: unknown[] }) => {
        if (data?.type !== 'sync' || data.args?.[0] !== matchID) return;
        const sync = data.args[1] as { state?: unknown; initialState?: unknown; log?: unknown } | null;
        const read = readMatchRecord(
          sync && typeof sync === 'object' ? { initialState: sync.initialState, state: sync.state, log: sync.log } : sync,
        );
        if (!read.ok) {
          refused = read.problems.join('; ');
          settle('refused');
          return;
        }
        try {
          receive(data);
        } catch (error) {
          refused = `boardgame.io's client could not read it (${(error as Error).message})`;
          settle('refused');
          return;
        }
        record = read.record;
        settle('synced');
      };
      client.start();
      client.transport.socket?.on('connect_error', (error: Error & { description?: { message?: string; error?: Error } }) => {
        // socket.io says "websocket error"; the cause (ECONNREFUSED…) is in its description.
        const cause = error.description?.error?.message ?? error.description?.message;
        refused = cause ? `${error.message} (${cause})` : error.message;
        settle('unreachable');
      });
    });
    if (outcome === 'unreachable') throw new MatchSourceError(`cannot connect to ${url}: ${refused}`);
    if (outcome === 'refused')
      throw new MatchSourceError(`the server at ${url} sent a sync for match ${matchID} that is not boardgame.io's: ${refused}`);
    if (outcome === 'silent' || !record)
      throw new MatchSourceError(
        `no answer from ${url} for match ${matchID} within ${timeoutMs / 1000} s (is the server running, and does it serve the game ${JSON.stringify(game.name)}?)`,
      );
    const checked: MatchRecord = record;
    return {
      initialState: client.getInitialState() ?? checked.initialState,
      state: client.store.getState() ?? checked.state,
      log: checked.log,
    };
  } finally {
    client.stop();
  }
}

function loopbackOrHttp(server: string): string {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(server) ? server : `http://${server}`);
  } catch {
    throw new MatchSourceError(`--server must be an address like http://localhost:8000, got ${server}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new MatchSourceError(`--server must be http(s), got ${url.protocol}`);
  return url.origin;
}
