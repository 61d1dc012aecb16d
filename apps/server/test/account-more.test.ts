import { randomInt } from 'node:crypto';
import { api } from '@gatekeeper/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FRESH_PROOF_MS } from '../src/features/sessions/account-sessions';
import { characterRow } from '../src/game/character-row';
import { passwordHash } from '../src/game/password-hash';
import { csrfHeaders } from './app-under-test';
import { type Answer, postCall, readAnswer } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import { FLAVOR_KINDS, flavoredWorld } from './support/flavored-world';
import { newGameAccount } from './support/game-account';
import { type MailedSite, accountToolSettings, startMailedSite, stopMailedSite } from './support/mailed-site';

/**
 * The signed-in account's change of email (docs/product.md#change-email), its rewards and its
 * referral (docs/product.md#my-account), on every flavour: the account is always the session's.
 */

const PASSWORD = 'Fresh.Pass1';
const PUBLIC_URL = 'http://play.example.test:8080';
const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  sessions: { idleMinutes: 24 * 60 * 3, absoluteDays: 30 },
  mail: { sendPerMinute: 60_000, pollSeconds: 1 },
  referral: { playingLevel: 20 },
};

describe.each(FLAVOR_KINDS)('the signed-in account: email, rewards, referral (%s on %s)', (flavor, kind) => {
  const world = flavoredWorld(flavor);
  let mailed: MailedSite;

  beforeAll(async () => {
    mailed = await startMailedSite(kind, { publicUrl: PUBLIC_URL, settings: SETTINGS, flavor });
  }, 120_000);
  afterAll(async () => stopMailedSite(mailed ?? {}));

  const url = () => mailed.site.url;
  const login = () => mailed.databases.connections.login.db;
  const game = () => mailed.databases.connections.game.db;
  const siteDb = () => mailed.databases.connections.site.db;

  const cookieOf = (answer: Answer, name: string): string | undefined =>
    answer.setCookies.find((c) => c.startsWith(`${name}=`) && !/max-age=0/i.test(c))?.split(';')[0];
  const post = async (path: string, cookie: string | undefined, body: unknown = {}) =>
    readAnswer(
      await fetch(`${url()}${path}`, {
        method: 'POST',
        headers: { ...csrfHeaders(), cookie: [csrfHeaders().cookie, cookie].filter(Boolean).join('; ') },
        body: JSON.stringify(body),
      }),
    );
  const get = async (path: string, cookie: string) =>
    readAnswer(await fetch(`${url()}${path}`, { headers: { cookie } }));

  /** The account's email where the flavour keeps it. */
  const storedEmail = async (name: string): Promise<string | null | undefined> => {
    if (world.flavor.accounts.email !== null) {
      const row = await login().selectFrom('accounts').select('email').where('login', '=', name).executeTakeFirst();
      return row?.email;
    }
    const row = await siteDb()
      .selectFrom('site_account_emails')
      .select('email')
      .where('login', '=', name)
      .executeTakeFirst();
    return row?.email;
  };
  const setEmail = async (name: string, email: string) => {
    if (world.flavor.accounts.email !== null) {
      await login().updateTable('accounts').set({ email }).where('login', '=', name).execute();
    } else {
      await siteDb().insertInto('site_account_emails').values({ login: name, email, created_at: 0 }).execute();
    }
  };

  const signedIn = async (email = `${randomInt(1e9)}@old.example.com`) => {
    const name = await newGameAccount(mailed.databases, PASSWORD, { world, prefix: 'm' });
    await setEmail(name, email);
    const answer = await postCall(url(), 'signIn', {
      username: name,
      password: PASSWORD,
      captcha: await altchaPayload(url()),
    });
    const session = cookieOf(answer, 'gk_session');
    expect(session).toBeDefined();
    return { name, email, session: session! };
  };

  /** The mails the sink received for an address, parsed. */
  const mailsTo = async (address: string) =>
    (await mailed.smtp.parsed()).filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));
  const keyOf = (text: string | undefined) => /[?&]key=([^&\s]+)&param=email_change/.exec(text ?? '')?.[1];

  it('refuses a stolen session alone what protects the account, and a new password voids a pending link', async () => {
    const { name, email, session } = await signedIn();
    // Minutes after the sign-in, a session that did not type the password again is only a cookie.
    mailed.clock.advance(FRESH_PROOF_MS + 1);
    expect(api.getAccount.response.parse((await get(api.getAccount.path, session)).body).provedUntil).toBeNull();
    const attacker = `${name}@attacker.example.com`;
    const protectedCalls: [string, unknown][] = [
      [api.changeEmail.path, { email: attacker, lang: 'en' }],
      [api.beginTotp.path, {}],
      [api.confirmTotp.path, { code: '123456' }],
      [api.passkeyRegistrationOptions.path, {}],
      [api.removePasskey.path, { id: 'AAAAAAAAAAAAAAAAAAAAAA' }],
    ];
    for (const [path, body] of protectedCalls) {
      const refused = await post(path, session, body);
      expect({ path, status: refused.status, body: refused.body }).toEqual({
        path,
        status: 403,
        body: ['freshProofRequired'],
      });
    }
    const wrong = await post(api.confirmIdentity.path, session, { password: 'Not.The.Pass9' });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 400, body: ['wrongUsernameOrPassword'] });
    expect((await post(api.changeEmail.path, session, { email: attacker })).status).toBe(403);

    // With the password typed again (an attacker who also knows it), the link is asked for...
    const proved = await post(api.confirmIdentity.path, session, { password: PASSWORD });
    expect({ status: proved.status, body: proved.body }).toEqual({ status: 200, body: [] });
    const until = api.getAccount.response.parse((await get(api.getAccount.path, session)).body).provedUntil;
    expect(until).toBeGreaterThan(mailed.clock.now() + FRESH_PROOF_MS - 60_000);
    expect(until).toBeLessThanOrEqual(mailed.clock.now() + FRESH_PROOF_MS);
    expect((await post(api.changeEmail.path, session, { email: attacker, lang: 'en' })).status).toBe(200);
    await vi.waitFor(async () => expect(await mailsTo(attacker)).toHaveLength(1), { timeout: 15_000 });
    const key = keyOf((await mailsTo(attacker))[0]?.text);
    expect(key).toBeDefined();

    // ...and the owner's remedy, a new password (here in the game), voids it.
    await login()
      .updateTable('accounts')
      .set({ password: await passwordHash(world.flavor.passwordScheme, 'Owners.New7') })
      .where('login', '=', name)
      .execute();
    const confirmed = await post(api.confirmEmail.path, undefined, { key: decodeURIComponent(key!) });
    expect({ status: confirmed.status, body: confirmed.body }).toEqual({ status: 400, body: ['emailLinkInvalid'] });
    expect(await storedEmail(name)).toBe(email);
  });

  it('mails a link to the new address and a notice to the old one; the email changes only when the link is opened, once', async () => {
    const { name, email, session } = await signedIn();
    const next = `${name}@new.example.com`;
    const asked = await post(api.changeEmail.path, session, { email: next, lang: 'en' });
    expect({ status: asked.status, body: asked.body }).toEqual({ status: 200, body: [] });
    expect(await storedEmail(name)).toBe(email);

    await vi.waitFor(async () => expect((await mailsTo(next)).length + (await mailsTo(email)).length).toBe(2), {
      timeout: 15_000,
    });
    const [link] = await mailsTo(next);
    const [notice] = await mailsTo(email);
    const key = keyOf(link?.text);
    expect(link?.text).toContain(`${PUBLIC_URL}/?key=`);
    expect(key).toBeDefined();
    // The old address learns of it, and gets no key.
    expect(notice?.text).toContain(next);
    expect(keyOf(notice?.text)).toBeUndefined();

    const confirmed = await post(api.confirmEmail.path, undefined, { key: decodeURIComponent(key!) });
    expect({ status: confirmed.status, body: confirmed.body }).toEqual({ status: 200, body: [] });
    expect(await storedEmail(name)).toBe(next);
    const again = await post(api.confirmEmail.path, undefined, { key: decodeURIComponent(key!) });
    expect({ status: again.status, body: again.body }).toEqual({ status: 400, body: ['emailLinkInvalid'] });
    // The overview shows the new address, masked.
    const account = api.getAccount.response.parse((await get(api.getAccount.path, session)).body);
    expect(account.email).toMatch(/@new\.example\.com$/);
  });

  it('refuses the same address, a bad one, a second ask within minutes, an unknown key and an expired link', async () => {
    const { name, email, session } = await signedIn();
    expect((await post(api.changeEmail.path, session, { email: email.toUpperCase() })).body).toEqual([
      'emailUnchanged',
    ]);
    expect((await post(api.changeEmail.path, session, { email: 'not-an-address' })).body).toEqual([
      'emailRequirements',
    ]);
    expect((await post(api.confirmEmail.path, undefined, { key: 'k'.repeat(43) })).body).toEqual(['emailLinkInvalid']);

    const next = `${name}@late.example.com`;
    expect((await post(api.changeEmail.path, session, { email: next })).status).toBe(200);
    expect((await post(api.changeEmail.path, session, { email: `${name}@other.example.com` })).body).toEqual([
      'tooManyRequests',
    ]);
    await vi.waitFor(async () => expect(await mailsTo(next)).toHaveLength(1), { timeout: 15_000 });
    const key = keyOf((await mailsTo(next))[0]?.text)!;
    mailed.clock.advance(24 * 3_600_000 + 1);
    expect((await post(api.confirmEmail.path, undefined, { key: decodeURIComponent(key) })).body).toEqual([
      'emailLinkInvalid',
    ]);
    expect(await storedEmail(name)).toBe(email);
  });

  it('lists the rewards of the account’s own characters with where each one is', async () => {
    const { name, session } = await signedIn();
    const other = await newGameAccount(mailed.databases, PASSWORD, { world, prefix: 'o' });
    const base = randomInt(1_000_000, 2_000_000);
    const [mine, theirs] = [base, base + 1];
    await world.insertCharacters(game(), [
      characterRow({ charId: mine, account_name: name, char_name: `R${base}` }),
      characterRow({ charId: theirs, account_name: other, char_name: `S${base}` }),
    ]);
    const now = mailed.clock.now();
    const grant = (requestId: string, fields: Record<string, unknown>) => ({
      request_id: requestId,
      char_id: mine,
      item_id: 4037,
      item_count: 10,
      reason: 'donation' as const,
      delivery: 'premiumItems' as const,
      status: 'delivered' as const,
      attempts: 1,
      last_error: null,
      created_at: now,
      updated_at: now,
      delivered_at: now,
      ...fields,
    });
    await siteDb()
      .insertInto('site_reward_queue')
      .values([
        grant(`paypal:T${base}`, { created_at: now - 3000 }),
        grant(`vote:${base}`, {
          reason: 'vote',
          status: 'pending',
          delivery: 'queue',
          delivered_at: null,
          created_at: now - 2000,
        }),
        grant(`referral:${base}`, {
          reason: 'referral',
          status: 'failed',
          attempts: 3,
          delivered_at: null,
          created_at: now - 1000,
        }),
        grant(`paypal:X${base}`, { char_id: theirs }),
      ])
      .execute();
    await siteDb()
      .insertInto('site_donations')
      .values({
        provider: 'paypal',
        txn_id: `T${base}`,
        kind: 'payment',
        char_id: mine,
        amount_cents: 1000,
        currency: 'EUR',
        status: 'credited',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const hasMerchant = world.schema.hasPremiumItems;
    if (hasMerchant) {
      await game()
        .insertInto('character_premium_items')
        .values({ charId: mine, itemNum: 1, itemId: 4037, itemCount: 10, itemSender: 'Gatekeeper' })
        .execute();
    }
    const answer = await get(api.getRewards.path, session);
    expect(answer.status).toBe(200);
    expect(api.getRewards.response.parse(answer.body)).toEqual([
      expect.objectContaining({ source: 'referral', state: 'failed', attempts: 3, character: `R${base}` }),
      expect.objectContaining({ source: 'vote', state: 'queued', deliveredAt: null }),
      expect.objectContaining({
        source: 'donation',
        state: hasMerchant ? 'atMerchant' : 'delivered',
        amount: '10.00 EUR',
        itemId: 4037,
        count: 10,
      }),
    ]);
    // Taken from the merchant: delivered.
    if (hasMerchant) {
      await game().deleteFrom('character_premium_items').where('charId', '=', mine).execute();
      const rows = api.getRewards.response.parse((await get(api.getRewards.path, session)).body);
      expect(rows.find((row) => row.source === 'donation')?.state).toBe('delivered');
    }
  });

  it('shows the account’s referral link and the players it brought, with how far each got', async () => {
    const { name, session } = await signedIn();
    const first = api.getAccountReferral.response.parse((await get(api.getAccountReferral.path, session)).body);
    expect(first.link).toMatch(new RegExp(`^${PUBLIC_URL}/\\?ref=`));
    expect(first.referred).toEqual([]);
    expect(first.playingLevel).toBe(20);
    const code = decodeURIComponent(first.link.split('ref=')[1]!);
    const stored = await siteDb()
      .selectFrom('site_referral_codes')
      .select('login')
      .where('code', '=', code)
      .executeTakeFirst();
    expect(stored?.login).toBe(name);

    const base = randomInt(2_000_000, 3_000_000);
    const referred = ['registeredone', 'playingtwo', 'rewardedtri'].map((prefix) => `${prefix}${base % 1000}`);
    await siteDb()
      .insertInto('site_referral_accounts')
      .values(
        referred.map((login, index) => ({
          login,
          code,
          visitor_id: base + index,
          registered_at: 1_000 + index,
          playing_at: index >= 1 ? 2_000 : null,
          rewarded_at: index === 2 ? 3_000 : null,
          reward_char_id: null,
          reward_status: index === 2 ? ('delivered' as const) : null,
        })),
      )
      .execute();
    await world.insertCharacters(game(), [
      characterRow({ charId: base, account_name: referred[1]!, char_name: `P${base}`, level: 25 }),
      characterRow({ charId: base + 1, account_name: referred[1]!, char_name: `Q${base}`, level: 7 }),
    ]);
    const answer = api.getAccountReferral.response.parse((await get(api.getAccountReferral.path, session)).body);
    expect(answer.link).toBe(first.link);
    expect(answer.referred).toEqual([
      { login: `re***${referred[2]!.at(-1)}`, registeredAt: 1_002, stage: 'rewarded', level: 0 },
      { login: `pl***${referred[1]!.at(-1)}`, registeredAt: 1_001, stage: 'playing', level: 25 },
      { login: `re***${referred[0]!.at(-1)}`, registeredAt: 1_000, stage: 'registered', level: 0 },
    ]);
    // Another account sees its own, empty list.
    const stranger = await signedIn();
    const theirs = api.getAccountReferral.response.parse(
      (await get(api.getAccountReferral.path, stranger.session)).body,
    );
    expect(theirs.referred).toEqual([]);
    expect(theirs.link).not.toBe(first.link);
  });
});
