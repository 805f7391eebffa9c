// Vitest global setup: every temporary folder a test makes (app/testing/temp-dir.ts) goes under one
// folder for the run, removed when the run ends. Test processes can be ended without running
// their exit handlers, so the run itself cleans up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function testTempRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'flowscope-test-run-'));
  process.env.FLOWSCOPE_TEST_TMP = root;
  return () => rmSync(root, { recursive: true, force: true });
}
