import { defineProject } from 'vitest/config';

/**
 * The cluster suite (npm test runs it after the others): two built instances of the site on
 * MariaDB and Redis behind Debian's nginx. One file at a time: the instances are real processes.
 */
export default defineProject({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
