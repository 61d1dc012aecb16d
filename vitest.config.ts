import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Every unit, component and API suite; each workspace has its own project config. At least three
 * test files at once: the server's suites mostly wait on databases, sockets and timers, so a
 * 2-core machine runs three in about half the time one worker per spare core (Vitest's default,
 * one here) takes (docs/decisions/043-fast-feedback.md).
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(3, availableParallelism()),
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
