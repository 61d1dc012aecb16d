import { defineConfig } from 'vitest/config';

/** Every unit, component and API suite; each workspace has its own project config. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
