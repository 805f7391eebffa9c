#!/usr/bin/env node
// Runs the command line built ahead of time (dist/cli, built by `npm install` and `npm run
// build:cli`) while it is as new as the sources; otherwise the TypeScript sources through tsx,
// saying so in one line (tsx compiles every module on every command, which is most of start-up).
// One-shot commands run in a watched worker thread: game code that loops forever is stopped and
// named. `serve` runs here: its game code already runs in the server's own watched worker, and so
// does `explore` (its playouts run in watched worker threads; its progress bar needs this terminal).
import { fileURLToPath } from 'node:url';
import { builtCliState } from './built-cli.mjs';

const state = builtCliState(fileURLToPath(new URL('../dist/cli', import.meta.url)), fileURLToPath(new URL('..', import.meta.url)));
let entries;
if (state.fresh) {
  entries = { main: () => import('../dist/cli/main.mjs'), runWatched: () => import('../dist/cli/run-watched.mjs') };
} else {
  const why = state.why === 'missing' ? 'is missing' : `is older than the sources (${state.changed} changed)`;
  process.stderr.write(
    `flowscope: the built command line ${why}; running the TypeScript sources, which starts slower (rebuild: npm run build:cli)\n`,
  );
  const { register } = await import('tsx/esm/api');
  register();
  entries = { main: () => import('../app/cli/main.ts'), runWatched: () => import('../app/cli/run-watched.ts') };
}
// A reader that stops early (`flowscope replay … | head`) is not an error: stop quietly.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});
const argv = process.argv.slice(2);
const io = {
  print: (line) => process.stdout.write(line + '\n'),
  warn: (line) => process.stderr.write(line + '\n'),
};
if (argv[0] === 'serve' || argv[0] === 'explore' || argv[0] === 'learn') {
  const { main } = await entries.main();
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stop.abort());
  process.exitCode = await main(argv, { ...io, signal: stop.signal });
} else {
  const { runWatched } = await entries.runWatched();
  process.exitCode = await runWatched(argv, io);
}
