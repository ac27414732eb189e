import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/fail-on-warnings.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'default',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', '**/node_modules/**'],
          globalSetup: ['tests/global-setup.ts'],
        },
      },
      {
        // Real Chromium against a site built once from the seeded API: `vitest run --project e2e`.
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/setup.ts'],
          // one file at a time: suites share the seeded site settings and one browser
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
