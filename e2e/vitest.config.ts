import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.spec.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One production server and one Chromium shared by every spec; 2-core machines.
    fileParallelism: false,
    pool: 'forks',
    // A browser test that fails is run once more before it counts (docs/decisions/0016): a real fault fails
    // both times; the report still names every retried test, so a flaky one is seen and fixed.
    retry: 1,
  },
});
