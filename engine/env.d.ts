// The engine runs in Node and in browsers but may use neither's APIs; `console` is the one
// global both provide that it needs (boardgame.io reports some refusals only through it).
declare const console: {
  log(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
};
