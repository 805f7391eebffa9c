/**
 * Game code that writes to `process.stdout` directly (not through the console) must not corrupt a
 * command's machine output (`replay --json`, `chart --format json`, a replay on stdout): its bytes
 * go to stderr instead. Flowscope itself never writes stdout from a thread that runs game code
 * (worker threads print through messages), so there the route is permanent.
 */
export function routeStdoutToStderr(): void {
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
}

/** Runs `fn` (game code in the main thread) with `process.stdout` writing to stderr. */
export function withStdoutToStderr<T>(fn: () => T): T {
  const write = process.stdout.write;
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  try {
    return fn();
  } finally {
    process.stdout.write = write;
  }
}
