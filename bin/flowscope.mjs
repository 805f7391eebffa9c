#!/usr/bin/env node
// Runs the TypeScript sources directly (through tsx), so there is no build step to forget.
// One-shot commands run in a watched worker thread: game code that loops forever is stopped and
// named. `serve` runs here: its game code already runs in the server's own watched worker, and so
// does `explore` (its playouts run in watched worker threads; its progress bar needs this terminal).
import { register } from 'tsx/esm/api';

register();
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
  const { main } = await import('../app/cli/main.ts');
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stop.abort());
  process.exitCode = await main(argv, { ...io, signal: stop.signal });
} else {
  const { runWatched } = await import('../app/cli/run-watched.ts');
  process.exitCode = await runWatched(argv, io);
}
