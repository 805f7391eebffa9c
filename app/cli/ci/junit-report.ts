import { mkdirSync } from 'node:fs';
import path from 'node:path';
import junit from 'junit-report-builder';

/** One test case of a JUnit report: passed, or failed with a one-line message and the details. */
export interface JunitCase {
  name: string;
  className: string;
  /** The file it is about (a replay, the game file), relative to the working folder. */
  file?: string;
  failure?: { message: string; details: string };
  /** It could not run at all (a replay that does not load). */
  error?: { message: string };
}

/** Writes a JUnit XML report: one `<testsuite>` per suite, as every CI's test-report view reads it. */
export function writeJunitReport(file: string, suites: readonly { name: string; cases: readonly JunitCase[] }[]): void {
  const report = junit.newBuilder();
  for (const suite of suites) {
    const builder = report.testSuite().name(suite.name);
    for (const c of suite.cases) {
      const testCase = builder.testCase().className(c.className).name(c.name);
      if (c.file) testCase.file(c.file);
      if (c.failure) testCase.failure(c.failure.message).stacktrace(c.failure.details);
      if (c.error) testCase.error(c.error.message);
    }
  }
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  report.writeTo(file);
}

/** A path as CI reports show it: relative to the working folder, with forward slashes. */
export const reportPath = (file: string, root = process.cwd()) => path.relative(root, path.resolve(file)).split(path.sep).join('/');
