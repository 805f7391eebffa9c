import { defineConfig } from 'vitest/config';

// `npm run test:slow`: tests that pack Flowscope and install it from the npm registry (minutes, network).
export default defineConfig({
  test: {
    include: ['**/*.slow.test.ts'],
    exclude: ['node_modules/**', 'test-output/**'],
    reporters: ['default'],
    pool: 'threads',
    globalSetup: ['./scripts/testing/test-temp-root.mjs'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
