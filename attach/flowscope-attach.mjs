/**
 * flowscope/attach: let a running Flowscope follow the boardgame.io game you already run.
 *
 *   import { flowscope } from 'flowscope/attach';
 *   Client({ game, board, enhancer: flowscope({ token: 'the token Flowscope shows', game }) });
 *
 *   import { flowscopeStorage } from 'flowscope/attach';
 *   Server({ games, db: flowscopeStorage(db, { token }) });
 *
 * Plain ES module with no dependencies: it runs in the browser and in Node (Node 22+ has a global
 * WebSocket; on Node 20 it uses the `ws` package that socket.io already installs). It connects
 * only to this machine (a loopback URL, or it throws), stays quiet while Flowscope is not running
 * and retries rarely (1 s, then twice as long each time, up to a minute). It never changes what
 * the game does: a failure inside it is swallowed.
 */

export const DEFAULT_URL = 'ws://127.0.0.1:8765/attach';
const PROTOCOL_VERSION = 1;
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]', '::1'];
const MAX_RETRY_MS = 60_000;
const MAX_MESSAGES_PER_MATCH = 100_000;
const MAX_MATCHES = 50;

/** The URL, if it names this machine; throws otherwise (nothing is ever sent elsewhere). */
export function loopbackUrl(url) {
  const parsed = new URL(url);
  if (parsed.protocol !== 'ws:') throw new Error(`flowscope/attach: ${url} must be a ws:// address on this machine`);
  if (!LOOPBACK.includes(parsed.hostname))
    throw new Error(`flowscope/attach only connects to this machine (127.0.0.1 or localhost), not ${parsed.hostname}`);
  return parsed;
}

function randomId() {
  const bytes = new Uint8Array(12);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const stateOf = (s) => (s && s.ctx ? { G: s.G, ctx: s.ctx, _stateID: s._stateID ?? 0 } : null);
const seedOf = (s) => String(s?.plugins?.random?.data?.seed ?? '');

async function webSocketClass(given) {
  if (given) return given;
  if (globalThis.WebSocket) return globalThis.WebSocket;
  try {
    const name = 'ws'; // not a literal: a browser bundler must not try to include it
    const mod = await import(name);
    return mod.WebSocket ?? mod.default;
  } catch {
    return null;
  }
}

/**
 * One sender's connection to Flowscope. It keeps what it sent (each match's announcement and
 * steps; only the latest state) so that a Flowscope started later, or restarted, gets everything.
 */
class Link {
  constructor({ url = DEFAULT_URL, token, role, label, WebSocket, onError }) {
    this.url = loopbackUrl(url);
    this.url.searchParams.set('token', token);
    this.role = role;
    this.label = label;
    this.given = WebSocket;
    this.onError = onError;
    this.instance = randomId();
    this.matches = new Map();
    this.retry = 1000;
    this.socket = null;
    this.closed = false;
    void this.connect();
  }

  async connect() {
    if (this.closed) return;
    const WS = await webSocketClass(this.given);
    if (!WS || this.closed) return;
    let socket;
    try {
      socket = new WS(this.url.href);
    } catch {
      return this.later();
    }
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 1000;
      this.raw({ type: 'hello', version: PROTOCOL_VERSION, role: this.role, instance: this.instance, label: this.label });
      for (const m of this.matches.values()) {
        this.raw(m.announce);
        for (const message of m.messages) this.raw(message);
      }
    };
    socket.onmessage = (event) => {
      try {
        const data = JSON.parse(String(event.data));
        if (data.type === 'error') this.onError?.(data.error);
      } catch {
        // not for us
      }
    };
    socket.onerror = () => undefined; // onclose follows
    socket.onclose = () => {
      if (this.socket === socket) this.socket = null;
      this.later();
    };
  }

  later() {
    if (this.closed) return;
    const timer = setTimeout(() => void this.connect(), this.retry);
    timer.unref?.();
    this.retry = Math.min(this.retry * 2, MAX_RETRY_MS);
  }

  raw(message) {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  announce(match, message) {
    this.matches.delete(match);
    if (this.matches.size >= MAX_MATCHES) this.matches.delete(this.matches.keys().next().value);
    this.matches.set(match, { announce: message, messages: [] });
    this.raw(message);
  }

  send(match, message) {
    const m = this.matches.get(match);
    if (!m) return;
    // Keep only the latest state: a reconnection replays the steps, not every state.
    const previous = m.messages[m.messages.length - 1];
    if (previous) m.messages[m.messages.length - 1] = { ...previous, state: null };
    if (m.messages.length < MAX_MESSAGES_PER_MATCH) m.messages.push(message);
    this.raw(message);
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}

function noToken(what) {
  console.warn(
    `flowscope/attach: no pairing token given to ${what}, so Flowscope will not follow this game (copy the token Flowscope shows).`,
  );
}

/**
 * A Redux enhancer for boardgame.io's `Client`: reports the client's initial state (seed included)
 * and every action it dispatches, with the state after it, to a running Flowscope. A client of a
 * multiplayer match reports what its server sends instead (the `sync`, then each `update`'s log),
 * since that, not the client's optimistic guess, is what happened.
 *
 * @param {{ token: string, url?: string, game?: { name?: string }, name?: string, playerID?: string,
 *   label?: string, matchID?: string, WebSocket?: unknown, onError?: (message: string) => void }} options
 */
export function flowscope(options = {}) {
  if (!options.token) {
    noToken('flowscope()');
    return (createStore) => createStore;
  }
  loopbackUrl(options.url ?? DEFAULT_URL);
  const gameName = options.name ?? options.game?.name ?? null;
  return (createStore) => (reducer, preloadedState, enhancer) => {
    const store = createStore(reducer, preloadedState, enhancer);
    const link = new Link({
      ...options,
      role: 'client',
      label: options.label ?? (typeof location !== 'undefined' ? location.href : undefined),
    });
    const match = options.matchID ?? 'default';
    let mode = 'local';
    let seq = 0;
    let started = false;
    const start = (initial, playerID) => {
      const seed = seedOf(initial);
      if (!seed || !initial?.ctx) return;
      started = true;
      seq = 0;
      link.announce(match, {
        type: 'match',
        match,
        game: gameName,
        playerID,
        numPlayers: initial.ctx.numPlayers,
        seed,
        initial: stateOf(initial),
      });
    };
    if (preloadedState) start(preloadedState, null);
    const observe = (action) => {
      switch (action?.type) {
        case 'SYNC':
          if (!action.initialState) return;
          mode = 'server';
          start(action.initialState, options.playerID ?? null);
          link.send(match, { type: 'log', match, entries: action.log ?? [], state: stateOf(store.getState()) });
          return;
        case 'UPDATE':
        case 'PATCH':
          if (mode === 'server' && started)
            link.send(match, { type: 'log', match, entries: action.deltalog ?? [], state: stateOf(store.getState()) });
          return;
        case 'MAKE_MOVE':
        case 'GAME_EVENT':
        case 'UNDO':
        case 'REDO':
        case 'RESET': {
          if (mode !== 'local' || !started) return;
          const p = action.payload;
          const payload = p ? { type: p.type ?? null, args: p.args ?? null, playerID: p.playerID ?? null } : undefined;
          link.send(match, { type: 'action', match, seq: seq++, action: { type: action.type, payload }, state: stateOf(store.getState()) });
          return;
        }
      }
    };
    const dispatch = (action) => {
      const result = store.dispatch(action);
      try {
        observe(action);
      } catch {
        // Following must never break the game.
      }
      return result;
    };
    return { ...store, dispatch };
  };
}

/**
 * Wraps a boardgame.io server's storage (`InMemory`, `FlatFile` or your own) so that a running
 * Flowscope can follow every match: each match's initial state and each accepted action (from the
 * deltalog the server stores). The storage behaves exactly as before.
 *
 * @param {object} db the storage boardgame.io's `Server` would use
 * @param {{ token: string, url?: string, label?: string, WebSocket?: unknown, onError?: (message: string) => void }} options
 */
export function flowscopeStorage(db, options = {}) {
  if (!options.token) {
    noToken('flowscopeStorage()');
    return db;
  }
  const link = new Link({ ...options, role: 'server', label: options.label ?? 'boardgame.io server' });
  /** Matches announced, and the steps of those still being read back from the storage. */
  const known = new Map();
  const announce = (matchID, initialState, metadata) => {
    link.announce(matchID, {
      type: 'match',
      match: matchID,
      game: metadata?.gameName ?? null,
      playerID: null,
      numPlayers: initialState.ctx.numPlayers,
      seed: seedOf(initialState),
      setupData: metadata?.setupData,
      initial: stateOf(initialState),
    });
  };
  const safely = (fn) => {
    try {
      fn();
    } catch {
      // Following must never break the server.
    }
  };
  const wrapper = Object.create(db);
  wrapper.createMatch = (matchID, opts) => {
    const result = db.createMatch(matchID, opts);
    safely(() => {
      known.set(matchID, null);
      announce(matchID, opts.initialState, opts.metadata);
    });
    return result;
  };
  wrapper.setState = (matchID, state, deltalog) => {
    const result = db.setState(matchID, state, deltalog);
    safely(() => {
      if (!deltalog?.length) return;
      const message = { type: 'log', match: matchID, entries: deltalog, state: stateOf(state) };
      if (!known.has(matchID)) return readBack(matchID, Promise.resolve(result), message);
      const waiting = known.get(matchID);
      if (waiting) waiting.push(message);
      else link.send(matchID, message);
    });
    return result;
  };
  /** A match created before this wrapper (a restarted server): its start and log come from the storage. */
  const readBack = (matchID, written, first) => {
    const waiting = [first];
    known.set(matchID, waiting);
    written
      .then(() => db.fetch(matchID, { initialState: true, metadata: true, log: true }))
      .then(({ initialState, metadata, log }) => {
        known.set(matchID, null);
        if (!initialState) return;
        announce(matchID, initialState, metadata);
        link.send(matchID, { type: 'log', match: matchID, entries: log ?? [], state: null });
        for (const message of waiting) link.send(matchID, message);
      })
      .catch(() => known.delete(matchID));
  };
  wrapper.flowscopeClose = () => link.close();
  return wrapper;
}
