import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'engine/**/*.test.ts',
      'bench/**/*.test.ts',
      'app/**/*.test.ts',
      'fixtures/**/*.test.ts',
      'scripts/**/*.test.ts',
      'renderer/src/**/*.test.ts',
    ],
    // Big inputs run in their own suite (vitest.slow.config.ts), after this one in .ci/run.
    exclude: ['**/node_modules/**', '**/*.slow.test.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    globalSetup: ['./scripts/testing/fresh-cli-build.mjs', './scripts/testing/test-temp-root.mjs'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
