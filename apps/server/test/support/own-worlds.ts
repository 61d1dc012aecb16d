import { afterEach } from 'vitest';
import { type DatabaseKind, type TestDatabases, createTestDatabases } from '../databases';

/**
 * Databases of its own for each test, dropped after it with whatever else the test registered
 * (last first): for tests where no other site's mail worker may drain the outbox.
 */
export const ownWorlds = (kind: DatabaseKind) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  return {
    /** Runs after the test, before the steps registered earlier. */
    afterTest: (step: () => Promise<void>) => cleanup.push(step),
    /** Fresh databases without the demo world. */
    async world(): Promise<TestDatabases> {
      const databases = await createTestDatabases(kind, { seed: false });
      cleanup.push(() => databases.drop());
      return databases;
    },
  };
};
