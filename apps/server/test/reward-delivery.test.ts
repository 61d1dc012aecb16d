import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDatabase } from '../src/db/tables';
import {
  type RewardDelivery,
  createRewardDelivery,
  deliveryOf,
  queueWarning,
} from '../src/features/rewards/reward-delivery';
import { type RewardSettings, rewardSettings } from '../src/features/rewards/settings-schema';
import { checkGameSchema } from '../src/game/schema-check';
import type { FlavorName } from '../src/game/flavors';
import { type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { FLAVOR_KINDS, flavoredWorld } from './support/flavored-world';
import { L2J_SCHEMA, testGameSchema } from './support/game-schema';

const silentLog = { info: () => undefined, error: () => undefined };

const FULL_SCHEMA = { ...L2J_SCHEMA, hasPremiumItems: true, hasCustomMail: true, hasItemsDelayed: true };

describe('where rewards go (deliveryOf)', () => {
  const settings = (delivery: RewardSettings['delivery']) => rewardSettings.parse({ delivery });

  it('auto picks premium items, then custom mail, then items_delayed, then the queue', () => {
    expect(deliveryOf(settings('auto'), FULL_SCHEMA)).toBe('premiumItems');
    expect(deliveryOf(settings('auto'), { ...FULL_SCHEMA, hasPremiumItems: false })).toBe('customMail');
    expect(deliveryOf(settings('auto'), { ...FULL_SCHEMA, hasPremiumItems: false, hasCustomMail: false })).toBe(
      'itemsDelayed',
    );
    expect(
      deliveryOf(settings('auto'), {
        ...FULL_SCHEMA,
        hasPremiumItems: false,
        hasCustomMail: false,
        hasItemsDelayed: false,
      }),
    ).toBe('queue');
    expect(deliveryOf(settings('auto'), { ...testGameSchema('acis'), hasItemsDelayed: true })).toBe('itemsDelayed');
  });

  it('refuses a chosen table the game database does not have', () => {
    expect(() => deliveryOf(settings('customMail'), { ...FULL_SCHEMA, hasCustomMail: false })).toThrow(/custom_mail/);
    expect(() => deliveryOf(settings('premiumItems'), { ...FULL_SCHEMA, hasPremiumItems: false })).toThrow(
      /character_premium_items/,
    );
    expect(() => deliveryOf(settings('itemsDelayed'), { ...FULL_SCHEMA, hasItemsDelayed: false })).toThrow(
      /items_delayed/,
    );
    expect(deliveryOf(settings('itemsDelayed'), FULL_SCHEMA)).toBe('itemsDelayed');
    expect(deliveryOf(settings('queue'), FULL_SCHEMA)).toBe('queue');
  });

  it('warns at start-up only when auto found no table, naming why and what the owner must add', () => {
    expect(queueWarning(settings('auto'), FULL_SCHEMA)).toBeUndefined();
    expect(queueWarning(settings('queue'), testGameSchema('acis'))).toBeUndefined();
    const acis = queueWarning(settings('auto'), testGameSchema('acis'));
    expect(acis).toContain('aCis has no table the site can put items in');
    expect(acis).toContain('IdFactory');
    expect(acis).toContain('packs that poll an items_delayed table (RusAcis, L2-Scripts) take items there');
    expect(queueWarning(settings('auto'), { ...testGameSchema('acis'), hasItemsDelayed: true })).toBeUndefined();
    expect(acis).toContain('site_reward_queue (status pending)');
    expect(acis).toContain('docs/owner/payments.md');
    expect(
      queueWarning(settings('auto'), {
        ...FULL_SCHEMA,
        hasPremiumItems: false,
        hasCustomMail: false,
        hasItemsDelayed: false,
      }),
    ).toContain('the game database has none of the tables character_premium_items, custom_mail, items_delayed');
  });
});

describe.each(FLAVOR_KINDS)('reward delivery on %s tables in %s', (flavor: FlavorName, kind: DatabaseKind) => {
  const flavored = flavoredWorld(flavor);
  let databases: TestDatabases;
  let game: Kysely<GameDatabase>;
  let clock = Date.UTC(2026, 10, 23, 12, 0, 0);
  let charIds: number[];
  let nextRequest = 0;
  const requestId = () => `test:${flavor}:${kind}:${nextRequest++}`;

  const deliveryWith = async (delivery: RewardSettings['delivery']): Promise<RewardDelivery> =>
    createRewardDelivery({
      connections: databases.connections,
      schema: await checkGameSchema(databases.connections),
      settings: rewardSettings.parse({ delivery, coinItemId: 9000 }),
      now: () => clock,
      log: silentLog,
    });
  const queueRow = (id: string) =>
    databases.connections.site.db
      .selectFrom('site_reward_queue')
      .selectAll()
      .where('request_id', '=', id)
      .executeTakeFirstOrThrow();
  const premiumItemsOf = (charId: number) =>
    game.selectFrom('character_premium_items').selectAll().where('charId', '=', charId).orderBy('itemNum').execute();
  const mailsOf = (charId: number) =>
    game.selectFrom('custom_mail').select(['receiver', 'items', 'subject']).where('receiver', '=', charId).execute();

  beforeAll(async () => {
    databases = await createTestDatabases(kind, { flavor });
    game = databases.connections.game.db;
    const key = flavored.flavor.characters.key;
    charIds = (await game.selectFrom('characters').select(`${key} as charId`).orderBy(key).limit(8).execute()).map(
      (row) => Number(row.charId),
    );
  });
  afterAll(async () => {
    await databases?.drop();
  });

  // L2J: the game's own tables (L2J Server's premium items, Mobius's custom mail).
  if (flavor === 'l2j') {
    it('puts a premium item for the Dimensional Merchant, numbered after the ones waiting there', async () => {
      const rewards = await deliveryWith('premiumItems');
      const [charId] = charIds as [number];
      const first = requestId();
      expect(await rewards.grant({ requestId: first, charId, count: 250, reason: 'donation' })).toEqual({
        status: 'delivered',
      });
      expect(await rewards.grant({ requestId: requestId(), charId, count: 3, reason: 'referral', itemId: 57 })).toEqual(
        {
          status: 'delivered',
        },
      );
      expect(await premiumItemsOf(charId)).toEqual([
        { charId, itemNum: 1, itemId: 9000, itemCount: 250, itemSender: 'Gatekeeper' },
        { charId, itemNum: 2, itemId: 57, itemCount: 3, itemSender: 'Gatekeeper' },
      ]);
      expect(await queueRow(first)).toMatchObject({
        char_id: charId,
        item_id: 9000,
        reason: 'donation',
        delivery: 'premiumItems',
        status: 'delivered',
        attempts: 1,
        delivered_at: clock,
      });
    });

    it('pays a request id once, also when it arrives twice at the same time', async () => {
      const rewards = await deliveryWith('premiumItems');
      const charId = charIds[1] as number;
      const id = requestId();
      const answers = await Promise.all(
        [1, 2, 3].map(() => rewards.grant({ requestId: id, charId, count: 100, reason: 'donation' })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual(['delivered', 'duplicate', 'duplicate']);
      expect(await rewards.grant({ requestId: id, charId, count: 100, reason: 'donation' })).toEqual({
        status: 'duplicate',
      });
      expect(await premiumItemsOf(charId)).toHaveLength(1);
    });

    it('sends a custom_mail letter with the items, two in one second included', async () => {
      const rewards = await deliveryWith('customMail');
      const charId = charIds[2] as number;
      await rewards.grant({ requestId: requestId(), charId, count: 40, reason: 'donation' });
      await rewards.grant({ requestId: requestId(), charId, count: 7, reason: 'referral' });
      expect(await mailsOf(charId)).toEqual([
        { receiver: charId, items: '9000 40', subject: 'Your reward' },
        { receiver: charId, items: '9000 7', subject: 'Your reward' },
      ]);
      // Mobius deletes a sent letter by (date, receiver): the second takes the next second.
      const dates = await game.selectFrom('custom_mail').select('date').where('receiver', '=', charId).execute();
      const second = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
      expect(dates.map((row) => String(row.date).slice(0, 19)).sort()).toEqual([second(clock), second(clock + 1000)]);
    });

    it('leaves a queued grant pending for the game mod and writes nothing in the game tables', async () => {
      const rewards = await deliveryWith('queue');
      const charId = charIds[3] as number;
      const id = requestId();
      expect(await rewards.grant({ requestId: id, charId, count: 5, reason: 'vote' })).toEqual({ status: 'pending' });
      expect(await queueRow(id)).toMatchObject({ status: 'pending', delivery: 'queue', item_count: 5 });
      expect(await premiumItemsOf(charId)).toEqual([]);
      expect(await mailsOf(charId)).toEqual([]);
    });

    it('keeps a grant the game database refused, and delivers it once on the retry', async () => {
      const rewards = await deliveryWith('premiumItems');
      const charId = charIds[4] as number;
      const id = requestId();
      await sql.raw('ALTER TABLE character_premium_items RENAME TO premium_items_away').execute(game);
      try {
        expect(await rewards.grant({ requestId: id, charId, count: 60, reason: 'donation' })).toEqual({
          status: 'failed',
        });
        expect(await queueRow(id)).toMatchObject({ status: 'failed', attempts: 1 });
        expect((await queueRow(id)).last_error).toBeTruthy();
        expect(await rewards.retryFailed()).toBe(0);
        expect(await queueRow(id)).toMatchObject({ status: 'failed', attempts: 2 });
      } finally {
        await sql.raw('ALTER TABLE premium_items_away RENAME TO character_premium_items').execute(game);
      }
      clock += 60_000;
      const [first, second] = await Promise.all([rewards.retryFailed(), rewards.retryFailed()]);
      expect((first ?? 0) + (second ?? 0)).toBe(1);
      expect(await rewards.retryFailed()).toBe(0);
      expect(await queueRow(id)).toMatchObject({
        status: 'delivered',
        attempts: 3,
        last_error: null,
        delivered_at: clock,
      });
      expect(await premiumItemsOf(charId)).toEqual([
        { charId, itemNum: 1, itemId: 9000, itemCount: 60, itemSender: 'Gatekeeper' },
      ]);
    });

    it('retries the one grant the owner asks for, once, and leaves the other failed ones as they are', async () => {
      const rewards = await deliveryWith('premiumItems');
      const [asked, other] = [charIds[5] as number, charIds[6] as number];
      const [askedId, otherId] = [requestId(), requestId()];
      await sql.raw('ALTER TABLE character_premium_items RENAME TO premium_items_away').execute(game);
      try {
        await rewards.grant({ requestId: askedId, charId: asked, count: 11, reason: 'donation' });
        await rewards.grant({ requestId: otherId, charId: other, count: 12, reason: 'vote' });
      } finally {
        await sql.raw('ALTER TABLE premium_items_away RENAME TO character_premium_items').execute(game);
      }
      const answers = await Promise.all([rewards.retryOne(askedId), rewards.retryOne(askedId)]);
      expect(answers.sort()).toEqual(['delivered', 'pending']);
      expect(await rewards.retryOne(askedId)).toBe('delivered');
      expect(await rewards.retryOne('no-such-grant')).toBe('missing');
      expect(await premiumItemsOf(asked)).toEqual([
        { charId: asked, itemNum: 1, itemId: 9000, itemCount: 11, itemSender: 'Gatekeeper' },
      ]);
      expect(await queueRow(otherId)).toMatchObject({ status: 'failed', attempts: 1 });
      expect(await premiumItemsOf(other)).toEqual([]);
    });
  }

  // aCis: nowhere in the game to put items; every grant is recorded and waits for a game mod.
  if (flavor === 'acis') {
    it('auto queues each grant pending, once per request id, and refuses a game table aCis lacks', async () => {
      const rewards = await deliveryWith('auto');
      const tablesBefore = (await game.introspection.getTables()).map((t) => t.name).sort();
      const charId = charIds[0] as number;
      const id = requestId();
      const answers = await Promise.all(
        [1, 2, 3].map(() => rewards.grant({ requestId: id, charId, count: 250, reason: 'donation' })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual(['duplicate', 'duplicate', 'pending']);
      expect(await queueRow(id)).toMatchObject({
        char_id: charId,
        item_id: 9000,
        item_count: 250,
        delivery: 'queue',
        status: 'pending',
        attempts: 0,
        delivered_at: null,
      });
      // Nothing retries a queued grant: it stays pending until the mod marks it delivered.
      rewards.start();
      expect(await rewards.retryFailed()).toBe(0);
      await rewards.stop();
      expect(await queueRow(id)).toMatchObject({ status: 'pending' });
      expect((await game.introspection.getTables()).map((t) => t.name).sort()).toEqual(tablesBefore);
      await expect(deliveryWith('premiumItems')).rejects.toThrow(/character_premium_items/);
      await expect(deliveryWith('customMail')).rejects.toThrow(/custom_mail/);
      await expect(deliveryWith('itemsDelayed')).rejects.toThrow(/items_delayed/);
    });
  }
});
