#!/usr/bin/env node
// Runs the TypeScript sources directly (through tsx), so there is no build step to forget.
// Commands run in a watched worker thread: game code that loops forever is stopped and named.
import { register } from 'tsx/esm/api';

register();
const { runWatched } = await import('../app/cli/run-watched.ts');
process.exitCode = await runWatched(process.argv.slice(2), {
  print: (line) => process.stdout.write(line + '\n'),
  warn: (line) => process.stderr.write(line + '\n'),
});
