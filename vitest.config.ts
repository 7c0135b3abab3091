import { defineConfig } from 'vitest/config';

// Three suites: pure unit tests (core, cli), integration tests against a real database, HTTP server,
// Redis or Chromium, and end-to-end tests that drive the built product in the system Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Property tests do a fixed amount of work (fast-check runs); on a loaded 2-core machine that outlasts
          // vitest's 5 s default (a CI run at 798dde6 timed out core/commands/properties.test.ts).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'app/**/*.test.{ts,tsx}',
            'db/**/*.test.ts',
            'server/**/*.test.{ts,tsx}',
            'worker/**/*.test.ts',
            'connectors/**/*.test.ts',
            'viewer/**/*.test.{ts,tsx}',
            'cli/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.cluster.test.ts', '**/node_modules/**'],
          environment: 'node',
          globalSetup: ['scripts/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          // The product as several processes on PostgreSQL, Redis and an S3-compatible bucket (issue 29):
          // `npm run test:cluster` with DATABASE_URL and REDIS_URL; CI runs it.
          name: 'cluster',
          include: ['worker/**/*.cluster.test.ts'],
          environment: 'node',
          globalSetup: ['scripts/testing/global-setup.ts'],
          testTimeout: 420_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // Two files at a time: each has its own server, database and Chromium, and spends much of its time
          // waiting on the page, so two share two cores well (the suite took 405 s one at a time, 293 s two at a
          // time, on the 2-core CI machine). More would only queue for the cores.
          maxWorkers: 2,
          globalSetup: ['scripts/testing/global-setup.ts'],
          // A page's answer may take more than expect.poll's 1 s default on a loaded machine: the same 10 s as
          // e2e/support/expect.ts waits for an element.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
