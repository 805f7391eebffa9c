import { configDefaults, defineConfig } from 'vitest/config';

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
    // The packed-package test runs on its own (`npm run test:slow`, vitest.slow.config.ts).
    exclude: [...configDefaults.exclude, '**/*.slow.test.ts'],
    // Commands print GitHub annotations under GitHub Actions; tests that want them set it themselves.
    env: { GITHUB_ACTIONS: '' },
    reporters: ['default', './scripts/summary-reporter.ts'],
    globalSetup: ['./scripts/testing/fresh-cli-build.mjs', './scripts/testing/test-temp-root.mjs'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
