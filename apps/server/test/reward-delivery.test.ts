import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDatabase } from '../src/db/tables';
import { type RewardDelivery, createRewardDelivery, deliveryOf } from '../src/features/rewards/reward-delivery';
import { type RewardSettings, rewardSettings } from '../src/features/rewards/settings-schema';
import { checkGameSchema } from '../src/game/schema-check';
import { DATABASE_KINDS, type TestDatabases, createTestDatabases } from './databases';
import { L2J_SCHEMA } from './support/game-schema';

const silentLog = { info: () => undefined, error: () => undefined };

const FULL_SCHEMA = { ...L2J_SCHEMA, hasPremiumItems: true, hasCustomMail: true };

describe('where rewards go (deliveryOf)', () => {
  const settings = (delivery: RewardSettings['delivery']) => rewardSettings.parse({ delivery });

  it('auto picks premium items, then custom mail, then the queue', () => {
    expect(deliveryOf(settings('auto'), FULL_SCHEMA)).toBe('premiumItems');
    expect(deliveryOf(settings('auto'), { ...FULL_SCHEMA, hasPremiumItems: false })).toBe('customMail');
    expect(deliveryOf(settings('auto'), { ...FULL_SCHEMA, hasPremiumItems: false, hasCustomMail: false })).toBe(
      'queue',
    );
  });

  it('refuses a chosen table the game database does not have', () => {
    expect(() => deliveryOf(settings('customMail'), { ...FULL_SCHEMA, hasCustomMail: false })).toThrow(/custom_mail/);
    expect(() => deliveryOf(settings('premiumItems'), { ...FULL_SCHEMA, hasPremiumItems: false })).toThrow(
      /character_premium_items/,
    );
    expect(deliveryOf(settings('queue'), FULL_SCHEMA)).toBe('queue');
  });
});

describe.each(DATABASE_KINDS)('reward delivery on %s', (kind) => {
  let databases: TestDatabases;
  let game: Kysely<GameDatabase>;
  let clock = Date.UTC(2026, 10, 23, 12, 0, 0);
  let charIds: number[];
  let nextRequest = 0;
  const requestId = () => `test:${kind}:${nextRequest++}`;

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
    databases = await createTestDatabases(kind);
    game = databases.connections.game.db;
    charIds = (await game.selectFrom('characters').select('charId').orderBy('charId').limit(6).execute()).map((row) =>
      Number(row.charId),
    );
  });
  afterAll(async () => {
    await databases?.drop();
  });

  it('puts a premium item for the Dimensional Merchant, numbered after the ones waiting there', async () => {
    const rewards = await deliveryWith('premiumItems');
    const [charId] = charIds as [number];
    const first = requestId();
    expect(await rewards.grant({ requestId: first, charId, count: 250, reason: 'donation' })).toEqual({
      status: 'delivered',
    });
    expect(await rewards.grant({ requestId: requestId(), charId, count: 3, reason: 'referral', itemId: 57 })).toEqual({
      status: 'delivered',
    });
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
});
