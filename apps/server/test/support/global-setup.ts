import type { TestProject } from 'vitest/node';
import { buildTemplates } from './template-databases';

/** Once per test run: the template databases every API suite copies (template-databases.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await buildTemplates(process.env.TEST_MARIADB_URL);
  project.provide('databaseTemplates', templates);
  return remove;
}
