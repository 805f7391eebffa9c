import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { GameConfig } from '../../../engine';

const require = createRequire(import.meta.url);
const { Server } = require('boardgame.io/dist/cjs/server.js');
const { Client } = require('boardgame.io/dist/cjs/client.js');
const { SocketIO } = require('boardgame.io/dist/cjs/multiplayer.js');

export interface RunningBgioServer {
  url: string;
  db: any;
  close(): Promise<void>;
}

/**
 * A real boardgame.io server (koa + socket.io) on 127.0.0.1 and a free port. Without `db` it keeps
 * matches in its default InMemory storage (not exported by 0.50.2), which `wrap` may wrap.
 */
export async function startBgioServer(games: GameConfig[], db?: unknown, wrap?: (db: any) => any): Promise<RunningBgioServer> {
  const server = Server({ games, db, origins: [/^http:\/\/(localhost|127\.0\.0\.1):\d+$/] });
  // The socket.io transport reads app.context.db for every message.
  if (wrap) server.db = server.app.context.db = wrap(server.db);
  // boardgame.io's run() listens on every interface; koa-socket's listen passes arguments through.
  const listen = server.app.listen.bind(server.app);
  server.app.listen = (port: number, callback: () => void) => listen(port, '127.0.0.1', callback);
  const running = await server.run(0);
  const port = (running.appServer.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    db: server.db,
    async close() {
      await new Promise<void>((resolve) => server.app._io.close(() => resolve()));
      running.appServer.closeAllConnections?.();
      await new Promise<void>((resolve) => running.appServer.close(() => resolve()));
    },
  };
}

export interface PlayerClient {
  client: any;
  /**
   * Runs `act` and waits until the server has stored a newer state than before, and this client has
   * received it (or `timeoutMs`): a move that draws randomness is not run on the client, and an
   * action sent from a state the server has moved past is refused ("invalid stateID").
   */
  act(act: (client: any) => void, timeoutMs?: number): Promise<boolean>;
  stop(): void;
}

/** Polls `check` every 5 ms, for at most `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 5));
  }
  return false;
}

/** A boardgame.io client of a match on that server (SocketIO transport in Node), synced; `storedStateID` reads the server's storage. */
export async function joinMatch(
  url: string,
  game: GameConfig,
  matchID: string,
  playerID: string | null,
  numPlayers: number,
  storedStateID: () => Promise<number>,
  enhancer?: unknown,
): Promise<PlayerClient> {
  const client = Client({
    game,
    matchID,
    playerID: playerID ?? undefined,
    numPlayers,
    multiplayer: SocketIO({ server: url }),
    debug: false,
    enhancer,
  });
  client.start();
  if (!(await until(() => client.getState() !== null && client.getInitialState() !== null)))
    throw new Error(`player ${playerID} got no sync for ${matchID}`);
  let stopped = false;
  return {
    client,
    async act(act, timeoutMs = 5000) {
      const before = await storedStateID();
      act(client);
      if (!(await until(async () => (await storedStateID()) > before, timeoutMs))) return false;
      const stored = await storedStateID();
      return until(() => (client.getState()?._stateID ?? -1) >= stored, timeoutMs);
    },
    stop: () => {
      if (!stopped) client.stop();
      stopped = true;
    },
  };
}

/** Wraps a boardgame.io storage so every state the server stores is kept, by `_stateID`. */
export function recordingStorage<T extends { setState: (...args: any[]) => any; createMatch: (...args: any[]) => any }>(
  db: T,
): T & { states: Map<string, Map<number, any>> } {
  const states = new Map<string, Map<number, any>>();
  const keep = (matchID: string, state: any) => {
    if (!states.has(matchID)) states.set(matchID, new Map());
    states.get(matchID)!.set(state._stateID, JSON.parse(JSON.stringify(state)));
  };
  const setState = db.setState.bind(db);
  const createMatch = db.createMatch.bind(db);
  return Object.assign(db, {
    states,
    setState: (matchID: string, state: any, deltalog?: unknown) => {
      keep(matchID, state);
      return setState(matchID, state, deltalog);
    },
    createMatch: (matchID: string, opts: any) => {
      keep(matchID, opts.initialState);
      return createMatch(matchID, opts);
    },
  });
}

/** Two players of a match on that server, stopped by `stops`, whose moves are made in turn. */
export async function twoPlayerMatch(
  url: string,
  game: GameConfig,
  matchID: string,
  storedStateID: () => Promise<number>,
  stops: (() => void)[],
): Promise<{ players: [PlayerClient, PlayerClient]; play(moves: readonly (readonly [0 | 1, string, ...unknown[]])[]): Promise<boolean> }> {
  const players: [PlayerClient, PlayerClient] = [
    await joinMatch(url, game, matchID, '0', 2, storedStateID),
    await joinMatch(url, game, matchID, '1', 2, storedStateID),
  ];
  stops.push(
    () => players[0].stop(),
    () => players[1].stop(),
  );
  const [p0, p1] = players;
  return {
    players,
    /** Each move stored by the server and seen by both players before the next; false at the first that is not. */
    async play(moves) {
      for (const [player, name, ...args] of moves) {
        if (!(await players[player].act((c) => c.moves[name](...args)))) return false;
        if (!(await until(() => p0.client.getState()._stateID === p1.client.getState()._stateID))) return false;
      }
      return true;
    },
  };
}
