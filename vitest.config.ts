import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** The web's page-level tests (Testing Library in happy-dom): no database, so they skip the global set-up. */
const PAGE_TESTS = 'src/web/**/*.test.tsx';

export default defineConfig({
  root: '.',
  resolve: { tsconfigPaths: true },
  test: {
    // A file at a time per core, and two on the two-core development machine: more than that and PostgreSQL,
    // Chromium, ffmpeg and the test runner starve each other; fewer and a CI machine's other cores sit idle.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    // Browser tests poll the UI; with the whole suite sharing two cores a page can take a few seconds to settle.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, PAGE_TESTS],
          globalSetup: ['tests/support/global-setup.ts'],
          // A worker runs its files one after another in one process, so the server's module graph (Better Auth,
          // the AWS SDK, the MCP SDK, pg-boss, the C2PA module…) is loaded once per worker, not once per file: that
          // loading was a third of the suite's time (ADR 0072). Each file still starts its own app on its own
          // database, and no file mocks modules or leaves globals behind (vi.stubGlobal is undone).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'web-pages', include: [PAGE_TESTS], environment: 'happy-dom' },
      },
    ],
  },
});
