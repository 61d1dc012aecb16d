import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    // The files of a worker share their modules: each file imported the whole server again (about
    // 40 % of the suite's processor time). The suites build their own apps, databases and clocks
    // and put back what they stub (docs/decisions/043-fast-feedback.md, fourth part).
    isolate: false,
    hookTimeout: 120_000,
    // The template databases the API suites copy, built once per run.
    globalSetup: ['test/support/global-setup.ts'],
  },
});
