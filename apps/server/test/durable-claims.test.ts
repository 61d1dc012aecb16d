import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClaimStore, durableClaims } from '../src/infra/durable-claims';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { type TestClock, testClock } from './support/clock';

const TTL_MS = 60_000;

describe.each(DATABASE_KINDS)('claims in the site database on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  let clock: TestClock;
  let claims: ClaimStore;
  let run = 0;
  const key = (label: string) => `test:${(run++).toString(36)}:${label}`;

  beforeAll(async () => {
    databases = await createTestDatabases(kind, { seed: false, gameTables: false });
    clock = testClock();
    claims = durableClaims(databases.connections.site.db, clock.now);
  });
  afterAll(async () => {
    await databases?.drop();
  });

  const rows = () => databases.connections.site.db.selectFrom('site_claims').selectAll().execute();

  it('grants a claim once within its lifetime and again after it', async () => {
    const claim = key('claim');
    expect(await claims.count(claim)).toBe(0);
    expect(await claims.claim(claim, TTL_MS)).toBe(true);
    expect(await claims.claim(claim, TTL_MS)).toBe(false);
    expect(await claims.count(claim)).toBe(1);
    clock.advance(TTL_MS);
    expect(await claims.count(claim)).toBe(0);
    expect(await claims.claim(claim, TTL_MS)).toBe(true);
  });

  it('lets a claim be given back', async () => {
    const claim = key('deleted');
    await claims.claim(claim, TTL_MS);
    await claims.delete(claim);
    expect(await claims.count(claim)).toBe(0);
    expect(await claims.claim(claim, TTL_MS)).toBe(true);
  });

  it('grants one of many simultaneous claims of one key', async () => {
    const claim = key('race');
    const granted = await Promise.all(Array.from({ length: 20 }, () => claims.claim(claim, TTL_MS)));
    expect(granted.filter(Boolean)).toHaveLength(1);
  });

  it('tells apart keys that differ only by an accent, a case or a 4-byte character', async () => {
    const keys = ['lockout:player0020', 'lockout:pláyer0020', 'lockout:PLAYER0020', 'lockout:player0020😀'];
    for (const claim of keys) expect(await claims.claim(claim, TTL_MS), claim).toBe(true);
  });

  it('stores a key longer than its column as a hash', async () => {
    const long = key('x'.repeat(500));
    expect(await claims.claim(long, TTL_MS)).toBe(true);
    expect(await claims.claim(long, TTL_MS)).toBe(false);
    expect(await claims.claim(`${long}y`, TTL_MS)).toBe(true);
  });

  it('deletes expired rows as claims come along', async () => {
    for (let index = 0; index < 5; index++) await claims.claim(key('old'), TTL_MS);
    clock.advance(60 * 60_000);
    await claims.claim(key('new'), TTL_MS);
    const left = await rows();
    expect(left.map((row) => Number(row.expires_at) > clock.now())).toEqual([true]);
  });
});
