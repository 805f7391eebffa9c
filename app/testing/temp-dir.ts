import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A fresh directory holding `files` (relative path → contents, folders made as needed); returns its
 * path. Under vitest it lies in the run's own temporary folder, removed when the run ends
 * (scripts/testing/test-temp-root.mjs).
 */
export function tempDirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(process.env.FLOWSCOPE_TEST_TMP ?? tmpdir(), 'flowscope-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
