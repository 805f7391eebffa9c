#!/usr/bin/env node
// Runs the TypeScript sources directly (through tsx), so there is no build step to forget.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../app/cli/main.ts');
const code = await main(process.argv.slice(2), {
  print: (line) => process.stdout.write(line + '\n'),
  warn: (line) => process.stderr.write(line + '\n'),
});
process.exitCode = code;
