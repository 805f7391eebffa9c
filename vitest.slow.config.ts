import { defineConfig } from 'vitest/config';

// The slow suite (`npx vitest run --config vitest.slow.config.ts`, run by .ci/run after `npm test`):
// big inputs through the real command line, each taking up to a minute or two.
export default defineConfig({
  test: {
    include: ['**/*.slow.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    reporters: ['default'],
    globalSetup: ['./scripts/testing/fresh-cli-build.mjs', './scripts/testing/test-temp-root.mjs'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
