#!/usr/bin/env node
// Runs the TypeScript sources directly (through tsx), so there is no build step to forget.
// One-shot commands run in a watched worker thread: game code that loops forever is stopped and
// named. `serve` runs here: its game code already runs in the server's own watched worker, and so
// does `explore` (its playouts run in watched worker threads; its progress bar needs this terminal).
import { register } from 'tsx/esm/api';

register();
const argv = process.argv.slice(2);
const io = {
  print: (line) => process.stdout.write(line + '\n'),
  warn: (line) => process.stderr.write(line + '\n'),
};
if (argv[0] === 'serve' || argv[0] === 'explore') {
  const { main } = await import('../app/cli/main.ts');
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stop.abort());
  process.exitCode = await main(argv, { ...io, signal: stop.signal });
} else {
  const { runWatched } = await import('../app/cli/run-watched.ts');
  process.exitCode = await runWatched(argv, io);
}
