import { dirname } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { INSTANCE_PROCESSES } from '../../playwright.config';
import { startInstances } from './instances';

/** Playwright's global setup: every instance and stand-in at once; what it returns is the global teardown. */
export default async function globalSetup(config: FullConfig) {
  // The commands' paths are the repository's, where the configuration file is.
  return startInstances(INSTANCE_PROCESSES, config.configFile ? dirname(config.configFile) : process.cwd());
}
