// Whether the built command line (dist/cli, `npm run build:cli`) can run: it exists and every
// file it was built from is unchanged. The build records each input's size and mtime; checking
// them is a few hundred stats, far cheaper than compiling the sources.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUILT_CLI_DIR = path.join(ROOT, 'dist', 'cli');
export const INPUTS_FILE = 'inputs.json';

/** `{ fresh: true }`, or why the build cannot be used: `missing`, or `stale` naming a changed source. */
export function builtCliState(dir = BUILT_CLI_DIR, root = ROOT) {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(path.join(dir, INPUTS_FILE), 'utf8'));
  } catch {
    return { fresh: false, why: 'missing' };
  }
  for (const [file, size, mtimeMs] of inputs) {
    let stat;
    try {
      stat = statSync(path.join(root, file));
    } catch {
      return { fresh: false, why: 'stale', changed: file };
    }
    if (stat.size !== size || stat.mtimeMs !== mtimeMs) return { fresh: false, why: 'stale', changed: file };
  }
  return { fresh: true };
}

/** Records the inputs of a build written to `dir` (paths relative to `root`). */
export function inputsRecord(files, root = ROOT) {
  return files.map((file) => {
    const stat = statSync(path.join(root, file));
    return [file.split(path.sep).join('/'), stat.size, stat.mtimeMs];
  });
}
