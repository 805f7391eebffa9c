/**
 * boardgame.io up to 0.43 binds the console when its module loads (`const errorfn =
 * console.error` in `core/logger.ts`; 0.44.0 changed it, #918), so routing the console to a
 * step's trace while the reducer runs would never show the framework's own messages, and those
 * messages are how these releases report most refusals. A release loaded between
 * `bindConsoleLate()` and `unbindConsoleLate()` binds to forwarders instead, which call whatever
 * `console.<level>` is when they are called; the console itself is restored straight after.
 */
const LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;
type Level = (typeof LEVELS)[number];
type Fn = (...args: unknown[]) => void;

let installed: Map<Level, { original: Fn; forward: Fn }> | null = null;
let depth = 0;

export function bindConsoleLate(): void {
  if (depth++ > 0) return;
  installed = new Map();
  for (const level of LEVELS) {
    const original = console[level] as Fn;
    const forward: Fn = (...args) => {
      const current = console[level] as Fn;
      (current === forward ? original : current).apply(console, args);
    };
    installed.set(level, { original, forward });
    console[level] = forward;
  }
}

export function unbindConsoleLate(): void {
  if (--depth > 0 || !installed) return;
  for (const [level, { original, forward }] of installed) {
    if (console[level] === forward) console[level] = original;
  }
  installed = null;
}
