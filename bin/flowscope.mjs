#!/usr/bin/env node
// Runs the command line built ahead of time (dist/cli, built by `npm install` and `npm run
// build:cli`) while it is as new as the sources; otherwise the TypeScript sources through tsx,
// saying so in one line (tsx compiles every module on every command, which is most of start-up).
// An installed package (npm install flowscope) has no sources: it always runs dist/cli.
// One-shot commands run in a watched worker thread: game code that loops forever is stopped and
// named. `serve` runs here: its game code already runs in the server's own watched worker, and so
// does `explore` (its playouts run in watched worker threads; its progress bar needs this terminal).
// `app` (or `start`) opens the desktop app, or browser mode where Electron cannot run (bin/desktop.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { builtCliState } from './built-cli.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
if ((argv[0] === 'app' || argv[0] === 'start') && existsSync(new URL('../scripts/start.mjs', import.meta.url))) {
  // A checkout: `npm start` builds the page (when missing) and the main process from the sources first.
  const { spawn } = await import('node:child_process');
  const start = fileURLToPath(new URL('../scripts/start.mjs', import.meta.url));
  process.exitCode = await new Promise((resolve) =>
    spawn(process.execPath, [start, ...argv.slice(1)], { stdio: 'inherit' }).on('exit', (code) => resolve(code ?? 1)),
  );
} else if (argv[0] === 'app' || argv[0] === 'start') {
  const { openDesktop } = await import('./desktop.mjs');
  process.exitCode = await openDesktop(root, argv.slice(1));
} else {
  await runCommand(argv);
}

async function commandEntries() {
  const built = { main: () => import('../dist/cli/main.mjs'), runWatched: () => import('../dist/cli/run-watched.mjs') };
  if (!existsSync(new URL('../app/cli/main.ts', import.meta.url))) {
    if (existsSync(new URL('../dist/cli/main.mjs', import.meta.url))) return built;
    process.stderr.write('flowscope: this installation has no built command line (dist/cli): install the package again\n');
    process.exit(2);
  }
  const state = builtCliState(fileURLToPath(new URL('../dist/cli', import.meta.url)), root);
  if (state.fresh) return built;
  const why = state.why === 'missing' ? 'is missing' : `is older than the sources (${state.changed} changed)`;
  process.stderr.write(
    `flowscope: the built command line ${why}; running the TypeScript sources, which starts slower (rebuild: npm run build:cli)\n`,
  );
  const { register } = await import('tsx/esm/api');
  register();
  return { main: () => import('../app/cli/main.ts'), runWatched: () => import('../app/cli/run-watched.ts') };
}

async function runCommand(argv) {
  const entries = await commandEntries();
  // A reader that stops early (`flowscope replay … | head`) is not an error: stop quietly.
  process.stdout.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
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
}
