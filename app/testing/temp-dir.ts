import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh directory holding `files` (relative path → contents, folders created); returns its path. */
export function tempDirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'flowscope-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
