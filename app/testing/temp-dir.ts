import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made = new Set<string>();
let cleanupRegistered = false;

/** Removes every directory `tempDirWith` made, as the test process exits (a test run otherwise leaves dozens in the temp folder). */
function removeMadeDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
}

/** A fresh directory holding `files` (relative path → contents, folders made as needed); returns its path. Removed when the process exits. */
export function tempDirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'flowscope-'));
  made.add(dir);
  if (!cleanupRegistered) {
    process.once('exit', removeMadeDirs);
    cleanupRegistered = true;
  }
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
