/** flowscope/attach: let a running Flowscope follow the boardgame.io game you already run. */
export declare const DEFAULT_URL: string;

export interface FlowscopeAttachOptions {
  /** The pairing token Flowscope shows. Without it nothing is sent. */
  token: string;
  /** Flowscope's attach address (default ws://127.0.0.1:8765/attach); only this machine is accepted. */
  url?: string;
  /** The game (or its `name`), so Flowscope opens the right one. */
  game?: { name?: string };
  name?: string;
  /** For a multiplayer client of a game with playerView: the player whose view this client holds. */
  playerID?: string;
  label?: string;
  matchID?: string;
  /** A WebSocket class, where there is no global one and no `ws` package. */
  WebSocket?: unknown;
  /** Told when Flowscope refuses a message. */
  onError?: (message: string) => void;
}

/** A Redux enhancer for boardgame.io's Client: `Client({ game, board, enhancer: flowscope({ token, game }) })`. */
export declare function flowscope(options: FlowscopeAttachOptions): (createStore: any) => any;

/** Wraps a boardgame.io server's storage: `Server({ games, db: flowscopeStorage(db, { token }) })`. */
export declare function flowscopeStorage<T extends object>(
  db: T,
  options: Omit<FlowscopeAttachOptions, 'game' | 'name' | 'playerID' | 'matchID'>,
): T;

/** The URL, if it names this machine; throws otherwise. */
export declare function loopbackUrl(url: string): URL;
