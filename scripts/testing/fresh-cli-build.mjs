// Vitest global setup: tests that run bin/flowscope.mjs run the built command line, so it is
// rebuilt first when the sources changed (a fresh build is left alone).
import { buildCli } from '../build-cli.mjs';

export default async function freshCliBuild() {
  await buildCli({ ifStale: true });
}
