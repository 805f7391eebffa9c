/** Runs `f` with `console.log` and `console.error` silenced: game code and boardgame.io log as they run. */
export function quiet<T>(f: () => T): T {
  const { error, log } = console;
  console.error = () => {};
  console.log = () => {};
  try {
    return f();
  } finally {
    console.error = error;
    console.log = log;
  }
}
