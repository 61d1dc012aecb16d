import { api } from '@gatekeeper/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLedger } from '../src/features/donations/ledger';
import { STRIPE_WEBHOOK_PATH } from '../src/features/donations/providers/stripe-provider';
import { type Wallet, createWallet } from '../src/features/wallet/wallet';
import type { AppUnderTest } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind } from './databases';
import type { WebhookDelivery } from './support/fakes/stripe-stand-in';
import type { Notification } from './support/fakes/mercadopago-stand-in';
import { COINS_PER_REAL, useProviderSites } from './support/provider-sites';
import { postCall } from './support/account-calls';
import { newCharacter } from './support/characters';
import { testClock } from './support/clock';
import {
  CONSOLE_LEVELS,
  CONSOLE_SETTINGS,
  type ConsoleUser,
  consoleUser,
  sessionCall,
} from './support/console-session';
import { flavoredWorld } from './support/flavored-world';
import { newGameAccount } from './support/game-account';
import { accountToolSettings } from './support/mailed-site';
import { L2J_SCHEMA } from './support/game-schema';

/**
 * Supporter codes (docs/owner/payments.md#supporter-codes, decision 052's third part): the owner
 * keeps them in the console (a gm is refused, every change audited); a donation started with an
 * unknown, disabled, ended or own code is refused and records nothing; a confirmed payment
 * credits the partner's wallet floor(coins x share) once, however often and on whichever
 * instance its notification arrives; a refund takes the share back in proportion, never below
 * zero, and what the partner spent is flagged in the ledger. Stripe and Mercado Pago stand-ins.
 */
const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  console: CONSOLE_SETTINGS,
};

describe.each(DATABASE_KINDS)('supporter codes on %s', (kind: DatabaseKind) => {
  const clock = testClock();
  const sites = useProviderSites(kind, { settings: SETTINGS, now: clock.now });
  const world = flavoredWorld('l2j');
  let wallet: Wallet;
  let owner: ConsoleUser;
  let gm: ConsoleUser;

  beforeAll(async () => {
    wallet = createWallet({
      db: sites.databases.connections.site.db,
      dialect: sites.databases.connections.site.dialect,
      now: Date.now,
    });
    const site = { url: sites.site.url, databases: sites.databases };
    gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });
  });

  const siteDb = () => sites.databases.connections.site.db;
  const get = (path: string, cookie: string) => sessionCall(sites.site.url, 'GET', path, cookie);
  const post = (path: string, cookie: string, body: unknown) => sessionCall(sites.site.url, 'POST', path, cookie, body);
  const save = (supporter: Record<string, unknown>, cookie = owner.cookie) =>
    post(api.saveConsoleSupporterCode.path, cookie, {
      supporter: { create: true, shareBasisPoints: 1000, enabled: true, endsAt: null, ...supporter },
    });

  let tags = 0;
  /** A partner's account and a code of theirs, of `share` basis points. */
  const partnerWithCode = async (share = 1000) => {
    const partner = await newGameAccount(sites.databases, 'Partner.Pass1', { prefix: 'p' });
    tags += 1;
    const code = `STREAM${kind === 'sqlite' ? 'S' : 'M'}${tags}${Date.now() % 100_000}`;
    const saved = await save({ code: code.toLowerCase(), partnerLogin: partner, shareBasisPoints: share });
    expect([saved.status, saved.body]).toEqual([200, { code }]);
    return { partner, code };
  };
  /** A character of a new account, who donates. */
  const donorCharacter = async (account?: string) => {
    tags += 1;
    const name = `Donor${kind === 'sqlite' ? 'S' : 'M'}${tags}${Date.now() % 10_000}`;
    const login = account ?? `donoracct${tags}${Date.now() % 10_000}`;
    await world.insertCharacters(sites.databases.connections.game.db, [
      newCharacter({ char_name: name, account_name: login }),
    ]);
    return name;
  };

  const start = (provider: 'stripe' | 'mercadopago', charName: string, supporterCode?: string, amount = '10.00') =>
    postCall(sites.site.url, 'createDonationOrder', {
      provider,
      charName,
      amount,
      ...(supporterCode === undefined ? {} : { supporterCode }),
    });
  const started = async (provider: 'stripe' | 'mercadopago', charName: string, supporterCode: string) => {
    const answer = await start(provider, charName, supporterCode);
    expect(answer.status).toBe(200);
    return (answer.body as { approveUrl: string }).approveUrl;
  };

  /** The partner's balance as the ledger's entries add up, which the wallet's own answer must equal. */
  const recomputed = async (login: string) => {
    const rows = await siteDb()
      .selectFrom('site_wallet_entries')
      .select(['amount', 'reason'])
      .where('login', '=', login)
      .orderBy('id')
      .execute();
    const sum = rows.reduce((total, row) => total + Number(row.amount), 0);
    expect(await wallet.balance(login)).toBe(sum);
    return { sum, entries: rows.map((row) => [row.reason, Number(row.amount)]) };
  };
  const counts = async () => {
    const count = async (table: 'site_provider_payments' | 'site_supporter_payments') =>
      Number(
        (
          await siteDb()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return [await count('site_provider_payments'), await count('site_supporter_payments')];
  };
  const rowOf = async (code: string) => {
    const answer = await get(`${api.getConsoleSupporterCodes.path}?q=${code}`, owner.cookie);
    expect(answer.status).toBe(200);
    return api.getConsoleSupporterCodes.response.parse(answer.body).rows.find((row) => row.code === code);
  };

  describe('the console', () => {
    it('lets the owner add, change and disable a code, audited, and refuses a gm', async () => {
      const partner = await newGameAccount(sites.databases, 'Partner.Pass1', { prefix: 'p' });
      const code = `CONSOLE${kind === 'sqlite' ? 'S' : 'M'}`;
      expect((await save({ code, partnerLogin: partner }, gm.cookie)).status).toBe(403);
      expect((await get(api.getConsoleSupporterCodes.path, gm.cookie)).status).toBe(403);
      expect((await get(api.getConsoleSupporterCodesCsv.path, gm.cookie)).status).toBe(403);
      expect((await save({ code, partnerLogin: partner })).status).toBe(200);
      // Unique, the partner must exist, letters and digits only, a share of at most 50 %.
      expect((await save({ code: code.toLowerCase(), partnerLogin: partner })).body).toEqual(['supporterCodeTaken']);
      expect((await save({ code: `${code}X`, partnerLogin: 'nobody-here' })).body).toEqual(['supporterPartnerUnknown']);
      expect((await save({ code: 'BAD-CODE', partnerLogin: partner })).body).toEqual(['supporterCodeFormat']);
      expect((await save({ code: `${code}Y`, partnerLogin: partner, shareBasisPoints: 5001 })).body).toEqual([
        'supporterShareInvalid',
      ]);
      expect(await rowOf(`${code}X`)).toBeUndefined();
      const ends = clock.now() + 86_400_000;
      const changed = await save({ create: false, code, partnerLogin: partner, shareBasisPoints: 725, endsAt: ends });
      expect(changed.status).toBe(200);
      expect(await rowOf(code)).toMatchObject({ partnerLogin: partner, shareBasisPoints: 725, endsAt: ends });
      expect(
        (await save({ create: false, code, partnerLogin: partner, shareBasisPoints: 725, enabled: false })).status,
      ).toBe(200);
      expect(await rowOf(code)).toMatchObject({ enabled: false, donations: 0, coinsCredited: 0 });
      expect((await save({ create: false, code: 'NEVERMADE', partnerLogin: partner })).status).toBe(404);
      const audit = await siteDb()
        .selectFrom('site_console_audit')
        .select(['action', 'record'])
        .where('record', '=', code)
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.action)).toEqual([
        'donations.supporter.add',
        'donations.supporter.edit',
        'donations.supporter.edit',
      ]);
      const csv = await get(`${api.getConsoleSupporterCodesCsv.path}?q=${code}`, owner.cookie);
      expect(csv.status).toBe(200);
      expect(String(csv.body)).toContain(`"${code}","${partner}","7.25","no"`);
    });
  });

  describe('starting a donation', () => {
    it('refuses an unknown, disabled, ended or own code, or one with PayPal, and records nothing', async () => {
      const { partner, code } = await partnerWithCode();
      const charName = await donorCharacter();
      const ownCharacter = await donorCharacter(partner);
      const disabled = await partnerWithCode();
      expect(
        (await save({ create: false, code: disabled.code, partnerLogin: disabled.partner, enabled: false })).status,
      ).toBe(200);
      const ended = await partnerWithCode();
      const endsAt = clock.now() + 60_000;
      expect((await save({ create: false, code: ended.code, partnerLogin: ended.partner, endsAt })).status).toBe(200);
      clock.advance(120_000);
      const before = await counts();
      const refusals = [
        await start('stripe', charName, 'NOSUCHCODE'),
        await start('stripe', charName, 'not a code!'),
        await start('mercadopago', charName, disabled.code),
        await start('stripe', charName, ended.code),
        await start('stripe', ownCharacter, code),
        await postCall(sites.site.url, 'createDonationOrder', { charName, amount: '10', supporterCode: code }),
      ];
      expect(refusals.map((answer) => [answer.status, answer.body])).toEqual([
        [400, ['supporterCodeUnknown']],
        [400, ['supporterCodeUnknown']],
        [400, ['supporterCodeUnknown']],
        [400, ['supporterCodeUnknown']],
        [400, ['supporterCodeOwn']],
        [400, ['supporterCodePaypal']],
      ]);
      expect(await counts()).toEqual(before);
      // An empty field is no code: the donation starts as ever.
      expect((await start('stripe', charName, '')).status).toBe(200);
      expect(await counts()).toEqual([before[0]! + 1, before[1]]);
    });
  });

  describe('Stripe Checkout', () => {
    const deliver = (delivery: WebhookDelivery, at: AppUnderTest = sites.site) =>
      fetch(`${at.url}${STRIPE_WEBHOOK_PATH}`, { method: 'POST', headers: delivery.headers, body: delivery.body });
    const sessionOf = (approveUrl: string) => {
      const id = new URL(approveUrl).pathname.split('/').pop() ?? '';
      const session = sites.stripe.sessions.get(id);
      if (!session) throw new Error(`no session behind ${approveUrl}`);
      return session;
    };

    it('credits the share once under repeated and concurrent notifications on two instances', async () => {
      const { partner, code } = await partnerWithCode(1050);
      const charName = await donorCharacter();
      // Typed in lower case: the code is kept upper case.
      const checkout = sessionOf(await started('stripe', charName, code.toLowerCase()));
      const paid = sites.stripe.pay(checkout.id);
      const answers = await Promise.all([
        deliver(paid),
        deliver(paid, sites.other),
        deliver(sites.stripe.pay(checkout.id), sites.other),
        deliver(sites.stripe.pay(checkout.id)),
        deliver(paid),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const paymentId = checkout.paymentIntent ?? '';
      // 10 EUR is 1000 coins for the donor; 10.5 % of them, rounded down, for the partner.
      expect(await recomputed(partner)).toEqual({ sum: 105, entries: [['supporter', 105]] });
      const history = await wallet.history(partner, 1);
      expect(history.entries.map((entry) => [entry.reason, entry.reference])).toEqual([
        ['supporter', `${code} stripe ${paymentId}`],
      ]);
      // The donor's coins as before: one grant of the whole donation to the character.
      const grants = await siteDb()
        .selectFrom('site_reward_queue')
        .select(['request_id', 'item_count'])
        .where('request_id', '=', `stripe:${paymentId}`)
        .execute();
      expect(grants.map((grant) => Number(grant.item_count))).toEqual([1000]);
      expect(await rowOf(code)).toMatchObject({
        donations: 1,
        amounts: [{ currency: 'EUR', cents: 1000 }],
        coinsCredited: 105,
        coinsTakenBack: 0,
        shortfall: 0,
      });
    });

    it('takes the share back in proportion to each refund, once each', async () => {
      const { partner, code } = await partnerWithCode(1000);
      const checkout = sessionOf(await started('stripe', await donorCharacter(), code));
      expect((await deliver(sites.stripe.pay(checkout.id))).status).toBe(200);
      expect((await recomputed(partner)).sum).toBe(100);
      const refunded = sites.stripe.refund(checkout.id, 250);
      const answers = await Promise.all([deliver(refunded), deliver(refunded, sites.other)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await recomputed(partner)).toEqual({
        sum: 75,
        entries: [
          ['supporter', 100],
          ['supporter', -25],
        ],
      });
      expect((await deliver(sites.stripe.refund(checkout.id, 750), sites.other)).status).toBe(200);
      expect((await recomputed(partner)).sum).toBe(0);
      expect(await rowOf(code)).toMatchObject({ donations: 1, coinsCredited: 100, coinsTakenBack: 100, shortfall: 0 });
    });
  });

  describe('Mercado Pago', () => {
    const deliver = (notification: Notification, at: AppUnderTest = sites.site) =>
      fetch(`${at.url}${notification.path}`, {
        method: 'POST',
        headers: notification.headers,
        body: notification.body,
      });
    const preferenceOf = (approveUrl: string) => {
      const id = new URL(approveUrl).searchParams.get('pref_id') ?? '';
      const preference = sites.mercadoPago.preferences.get(id);
      if (!preference) throw new Error(`no preference behind ${approveUrl}`);
      return preference;
    };

    it('credits the share once, and a chargeback of a spent share flags the rest for the owner', async () => {
      const { partner, code } = await partnerWithCode(2000);
      const preference = preferenceOf(await started('mercadopago', await donorCharacter(), code));
      const { paymentId, notification } = sites.mercadoPago.pay(preference.id);
      const answers = await Promise.all([deliver(notification), deliver(notification, sites.other)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      // 10 BRL at 20 coins a real: 200 coins; 20 % for the partner.
      const share = (10 * COINS_PER_REAL * 2000) / 10_000;
      expect((await recomputed(partner)).sum).toBe(share);
      // The partner spends most of it before the chargeback.
      await wallet.debit({
        login: partner,
        amountMinor: share - 10,
        idempotencyKey: `shop:${partner}:test`,
        reason: 'purchase',
        reference: 'order 1',
      });
      expect((await deliver(sites.mercadoPago.chargeback(paymentId))).status).toBe(200);
      expect((await deliver(sites.mercadoPago.chargeback(paymentId), sites.other)).status).toBe(200);
      expect(await recomputed(partner)).toEqual({
        sum: 0,
        entries: [
          ['supporter', share],
          ['purchase', -(share - 10)],
          ['supporter', -10],
        ],
      });
      expect(await rowOf(code)).toMatchObject({ coinsCredited: share, coinsTakenBack: 10, shortfall: share - 10 });
      const [entry] = (
        await readLedger(
          { site: siteDb(), game: sites.databases.connections.game.db, schema: L2J_SCHEMA },
          { find: String(paymentId), limit: 5 },
        )
      ).filter((found) => found.txnId === String(paymentId));
      expect([entry?.supporterShortfall, entry?.flagged]).toEqual([share - 10, true]);
    });
  });
});
