import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/** The web's page-level tests (Testing Library in happy-dom): no database, so they skip the global set-up. */
const PAGE_TESTS = 'src/web/**/*.test.tsx';

/**
 * The page tests that replace a module (`vi.mock`) or a global (`vi.stubGlobal`) keep a process each: in a shared
 * module graph a module another file imported first stays unmocked, and a stubbed global outlives its file.
 */
const WEB = path.join(import.meta.dirname, 'src/web');
const PAGE_TESTS_THAT_MOCK = readdirSync(WEB, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.tsx'))
  .filter((file) => /\bvi\.(mock|doMock|stubGlobal)\(/.test(readFileSync(path.join(WEB, file), 'utf8')))
  .map((file) => `src/web/${file.split(path.sep).join('/')}`);

export default defineConfig({
  root: '.',
  resolve: { tsconfigPaths: true },
  test: {
    // One file more than there are cores: the files that wait (real-seconds clocks, pages, child processes) left
    // the two cores 12 % idle with a file per core; with three, a clean-clone run kept them 95 % busy and vitest
    // took 582 s instead of 700 s (docs/benchmarks.md, ADR 0076).
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    // Browser tests poll the UI; with the whole suite sharing two cores a page can take a few seconds to settle.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          // Every file that runs the server shares one process and module graph per worker (ADR 0076): importing
          // the app afresh for each file was a fifth of the run's CPU. Each file must stop what it starts, browsers
          // and child processes included, or leftovers.ts fails it.
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, PAGE_TESTS],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/leftovers.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        // The other page tests share a process per worker, as the app's files do (ADR 0076).
        test: {
          name: 'web-pages',
          include: [PAGE_TESTS],
          exclude: [...configDefaults.exclude, ...PAGE_TESTS_THAT_MOCK],
          environment: 'happy-dom',
          setupFiles: ['tests/support/page-cleanup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-pages-mocking',
          include: PAGE_TESTS_THAT_MOCK,
          environment: 'happy-dom',
          setupFiles: ['tests/support/page-cleanup.ts'],
        },
      },
    ],
  },
});
