import { defineConfig } from 'vitest/config';
export default defineConfig({
  root: '.',
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 60_000, hookTimeout: 60_000,
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['/work/prof/profsetup.ts'],
  },
});
