import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: '.',
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Two cores: two files at a time keeps PostgreSQL, Chromium and the test runner from starving each other.
    maxWorkers: 2,
    testTimeout: 30_000,
    // Browser tests poll the UI; with the whole suite sharing two cores a page can take a few seconds to settle.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 60_000,
  },
});
