import { afterAll, beforeAll } from 'vitest';
import { type AppUnderTest, startApp } from '../app-under-test';
import { type DatabaseKind, type TestDatabases, createTestDatabases } from '../databases';

export type StartOptions = NonNullable<Parameters<typeof startApp>[1]>;

export interface SiteUnderTest {
  /** The suite's databases; read them in a test or a later hook, not while the suite is declared. */
  readonly databases: TestDatabases;
  readonly site: AppUnderTest;
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly app: AppUnderTest['app'];
  readonly config: AppUnderTest['config'];
}

/**
 * A suite's site: before its tests, new test databases of the kind and the real app on them;
 * after, the app closed and the databases dropped. `app` may be a function of the databases,
 * called in the suite's beforeAll, after the hooks declared before useSite (which start fakes);
 * Vitest runs the afterAll hooks in reverse, so the app closes before those fakes stop.
 */
export const useSite = (
  kind: DatabaseKind,
  options: {
    databases?: Parameters<typeof createTestDatabases>[1];
    /** Rows the suite needs before the app starts (its first reads see them). */
    prepare?: (databases: TestDatabases) => Promise<void>;
    app?: StartOptions | ((databases: TestDatabases) => StartOptions | Promise<StartOptions>);
  } = {},
): SiteUnderTest => {
  let databases: TestDatabases | undefined;
  let site: AppUnderTest | undefined;
  beforeAll(async () => {
    databases = await createTestDatabases(kind, options.databases);
    await options.prepare?.(databases);
    const app = typeof options.app === 'function' ? await options.app(databases) : options.app;
    site = await startApp(databases, app);
  });
  afterAll(async () => {
    await site?.close();
    await databases?.drop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useSite: the site starts in beforeAll');
    return value;
  };
  return {
    get databases() {
      return started(databases);
    },
    get site() {
      return started(site);
    },
    get url() {
      return started(site).url;
    },
    get app() {
      return started(site).app;
    },
    get config() {
      return started(site).config;
    },
  };
};
