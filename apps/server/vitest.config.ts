import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The template databases the API suites copy, built once per run.
    globalSetup: ['test/support/global-setup.ts'],
  },
});
