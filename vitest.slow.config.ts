import { defineConfig } from 'vitest/config';

// `npm run test:slow` (run by .ci/run after `npm test`): tests that pack Flowscope and install it from
// the npm registry, and big inputs through the real command line; each takes up to a few minutes.
export default defineConfig({
  test: {
    include: ['**/*.slow.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'test-output/**'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    pool: 'threads',
    globalSetup: ['./scripts/testing/fresh-cli-build.mjs', './scripts/testing/test-temp-root.mjs'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
