import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durableClaims } from '../src/infra/durable-claims';
import { type SharedRefresh, sharedRefresh } from '../src/infra/shared-refresh';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { type TestClock, testClock } from './support/clock';

const INTERVAL_MS = 60_000;

describe.each(DATABASE_KINDS)('background work shared between instances on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  let clock: TestClock;
  let run = 0;
  const name = (label: string) => `test-${(run++).toString(36)}-${label}`;
  /** One instance's view: its own SharedRefresh over the common site database. */
  const instance = (): SharedRefresh =>
    sharedRefresh({
      db: databases.connections.site.db,
      claims: durableClaims(databases.connections.site.db, clock.now),
      now: clock.now,
    });

  beforeAll(async () => {
    databases = await createTestDatabases(kind, { seed: false, gameTables: false });
    clock = testClock();
  });
  afterAll(async () => {
    await databases?.drop();
  });

  /** A computation that counts its runs and answers `value-<n>` after `delayMs`. */
  const counted = (delayMs = 0) => {
    const counter = {
      runs: 0,
      compute: async () => {
        counter.runs += 1;
        const value = `value-${counter.runs}`;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return value;
      },
    };
    return counter;
  };

  it('computes once per period for all instances, and the others answer what it stored', async () => {
    const key = name('rankings');
    const [a, b, c] = [instance(), instance(), instance()];
    const work = counted(300);
    const answers = await Promise.all([a, b, c].map((site) => site.value(key, INTERVAL_MS, work.compute)));
    expect(work.runs).toBe(1);
    expect(answers).toEqual(['value-1', 'value-1', 'value-1']);

    // Within the period, another tick of any instance reads the stored value.
    expect(await b.value(key, INTERVAL_MS, work.compute)).toBe('value-1');
    expect(work.runs).toBe(1);

    // Next period: one of them computes again, the others follow.
    clock.advance(INTERVAL_MS);
    const next = await Promise.all([a, b, c].map((site) => site.value(key, INTERVAL_MS, work.compute)));
    expect(work.runs).toBe(2);
    expect(next).toEqual(['value-2', 'value-2', 'value-2']);
  });

  it('computes when asked to, whoever holds the turn', async () => {
    const key = name('forced');
    const [a, b] = [instance(), instance()];
    const work = counted();
    await a.value(key, INTERVAL_MS, work.compute);
    expect(await b.value(key, INTERVAL_MS, work.compute, { force: true })).toBe('value-2');
    expect(await a.value(key, INTERVAL_MS, work.compute)).toBe('value-2');
    expect(work.runs).toBe(2);
  });

  it('keeps the last stored value when the turn holder fails', async () => {
    const key = name('failing');
    const [a, b] = [instance(), instance()];
    const work = counted();
    await a.value(key, INTERVAL_MS, work.compute);
    clock.advance(INTERVAL_MS);
    await expect(a.value(key, INTERVAL_MS, () => Promise.reject(new Error('game database down')))).rejects.toThrow(
      'game database down',
    );
    // b waits for a fresh value, then answers the last one rather than asking the game database too.
    expect(await b.value(key, INTERVAL_MS, work.compute)).toBe('value-1');
    expect(work.runs).toBe(1);
  });

  it('gives a pass to one instance per turn', async () => {
    const key = name('pass');
    const [a, b] = [instance(), instance()];
    expect(await Promise.all([a.takeTurn(key, 1_000), b.takeTurn(key, 1_000)])).toEqual(
      expect.arrayContaining([true, false]),
    );
    clock.advance(1_000);
    expect(await b.takeTurn(key, 1_000)).toBe(true);
  });
});
