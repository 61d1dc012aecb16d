import { api } from '@gatekeeper/contract';
import { describe, expect, it } from 'vitest';
import type { CharacterRow } from '../src/game/character-row';
import { runReferralCheck } from '../src/features/referral/referral-rewards';
import { createRewardDelivery } from '../src/features/rewards/reward-delivery';
import { insertGameAccount } from '../src/game/accounts';
import { checkGameSchema } from '../src/game/schema-check';
import { parseSettings } from '../src/settings';
import { csrfHeaders, startApp } from './app-under-test';
import { type DatabaseKind } from './databases';
import { useSite } from './support/use-site';
import { newCharacter } from './support/characters';
import { type Answer, freshLogin, postCall, readAnswer } from './support/account-calls';
import { FAST_ALTCHA_SETTINGS, altchaPayload } from './support/altcha-solver';
import { testClock } from './support/clock';
import { attachEmail } from '../src/features/accounts/account-emails';
import type { FlavorName } from '../src/game/flavors';
import { FLAVOR_KINDS, flavoredWorld } from './support/flavored-world';

const PUBLIC_URL = 'https://l2.example.test';
const PLAYING_LEVEL = 20;
const COINS_PER_REF = 7;
const DAY = 24 * 60 * 60 * 1000;
const SETTINGS = {
  captcha: FAST_ALTCHA_SETTINGS,
  accounts: { requestsPerMinute: 1000 },
  coins: { perRef: COINS_PER_REF },
  // The test runs the check itself; the app's own pass would only race it.
  referral: { playingLevel: PLAYING_LEVEL, checkSeconds: 86_400 },
};
const LINK = /^https:\/\/l2\.example\.test\/\?ref=([a-z2-9]{12})$/;

const character = (accountName: string, name: string, level: number): CharacterRow =>
  newCharacter({ account_name: accountName, char_name: name, level });

const uniqueCharName = (prefix: string) => `${prefix}${freshLogin('')}`.slice(0, 16);

describe.each(FLAVOR_KINDS)('referral programme on %s tables in %s', (flavor: FlavorName, kind: DatabaseKind) => {
  const flavored = flavoredWorld(flavor);
  const clock = testClock();
  const site = useSite(kind, {
    databases: { flavor },
    app: { env: { PUBLIC_URL, TRUST_PROXY: 'true' }, settings: SETTINGS, now: clock.now },
  });

  const db = () => site.databases.connections;

  /** A referrer: an account with an email, and characters of the given levels. */
  const newReferrer = async (levels: number[] = [40]) => {
    const username = freshLogin('r');
    const email = `${username}@example.com`;
    const account = { login: username, password: 'Start.Pass1', email };
    expect(await insertGameAccount(db().login.db, flavored.schema, account)).toBe(true);
    // Where the game keeps no email (aCis), registration keeps it on the site.
    await attachEmail({ connections: db(), schema: flavored.schema, now: clock.now }, username, email);
    const characters = levels.map((level) => character(username, uniqueCharName('Ref'), level));
    if (characters.length > 0) await flavored.insertCharacters(db().game.db, characters);
    return { username, email, characters };
  };

  const getLink = async (
    query: Record<string, string>,
    options: { captcha?: boolean; ip?: string } = {},
  ): Promise<Answer> => {
    const withCaptcha = options.captcha === false ? query : { ...query, captcha: await altchaPayload(site.url) };
    const response = await fetch(`${site.url}${api.getReferralLink.path}?${new URLSearchParams(withCaptcha)}`, {
      headers: options.ip ? { 'x-forwarded-for': options.ip } : {},
    });
    return readAnswer(response);
  };
  const codeOf = async (referrer: { username: string; email: string }) => {
    const answer = await getLink({ username: referrer.username, email: referrer.email });
    expect(answer.status).toBe(200);
    const code = LINK.exec(String(answer.body))?.[1];
    if (!code) throw new Error(`not a referral link: ${JSON.stringify(answer.body)}`);
    return code;
  };

  /** A write call as the page makes it, with the visitor's cookies and address. */
  const post = async (path: string, body: unknown, visitor: { cookie?: string; ip: string }) => {
    const headers = csrfHeaders();
    const response = await fetch(`${site.url}${path}`, {
      method: 'POST',
      headers: {
        ...headers,
        cookie: [headers.cookie, visitor.cookie].filter(Boolean).join('; '),
        'x-forwarded-for': visitor.ip,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { answer: await readAnswer(response), setCookie: response.headers.get('set-cookie') };
  };
  const addVisitor = (ref: string, visitor: { cookie?: string; ip: string }) =>
    post(api.addVisitor.path, { ref }, visitor);
  const updateRef = (type: unknown, visitor: { cookie?: string; ip: string }) =>
    post(api.updateRef.path, { type }, visitor);
  /** The `ref=...` pair of a Set-Cookie header, as the browser sends it back. */
  const cookiePair = (setCookie: string | null) => {
    const pair = /^ref=([^;]+)/.exec(setCookie ?? '')?.[0];
    if (!pair) throw new Error(`no ref cookie in ${JSON.stringify(setCookie)}`);
    return pair;
  };

  const visitorRows = (code: string) =>
    db().site.db.selectFrom('site_referral_visitors').selectAll().where('code', '=', code).orderBy('id').execute();
  const attributed = (login: string) =>
    db().site.db.selectFrom('site_referral_accounts').selectAll().where('login', '=', login).executeTakeFirst();
  /** Everything the programme writes, to prove that a refused call wrote nothing. */
  const snapshot = async () => ({
    codes: await db().site.db.selectFrom('site_referral_codes').selectAll().orderBy('login').execute(),
    visitors: await db().site.db.selectFrom('site_referral_visitors').selectAll().orderBy('id').execute(),
    events: await db().site.db.selectFrom('site_referral_events').selectAll().orderBy('id').execute(),
    accounts: await db().site.db.selectFrom('site_referral_accounts').selectAll().orderBy('login').execute(),
  });

  const register = async (username: string, visitor: { cookie?: string; ip: string }) => {
    const password = 'Friend.Pass1';
    const email = `${username}@example.com`;
    const answer = await postCall(
      site.url,
      'createAccount',
      {
        username,
        newPassword: password,
        confirmPassword: password,
        email,
        confirmEmail: email,
        captcha: await altchaPayload(site.url),
      },
      { ip: visitor.ip, headers: visitor.cookie ? { cookie: `${csrfHeaders().cookie}; ${visitor.cookie}` } : {} },
    );
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: [] });
  };

  const rewards = async () =>
    createRewardDelivery({
      connections: site.databases.connections,
      schema: await checkGameSchema(site.databases.connections),
      settings: parseSettings(SETTINGS).rewards,
      now: clock.now,
      log: site.app.log,
    });
  const check = async () =>
    runReferralCheck({
      connections: site.databases.connections,
      schema: flavored.schema,
      rewards: await rewards(),
      playingLevel: PLAYING_LEVEL,
      coinsPerRef: COINS_PER_REF,
      now: clock.now,
    });
  const grantsFor = (referredLogin: string) =>
    db()
      .site.db.selectFrom('site_reward_queue')
      .selectAll()
      .where('request_id', '=', `referral:${referredLogin}`)
      .execute();
  /**
   * The coins a character was given: at the Dimensional Merchant on L2J (character_premium_items),
   * waiting in the site queue for the game mod on aCis, which has no table for items.
   */
  const coinsOf = async (charId: number): Promise<number[]> =>
    flavored.schema.hasPremiumItems
      ? (
          await db()
            .game.db.selectFrom('character_premium_items')
            .select('itemCount')
            .where('charId', '=', charId)
            .execute()
        ).map((item) => Number(item.itemCount))
      : (
          await db()
            .site.db.selectFrom('site_reward_queue')
            .select('item_count')
            .where('char_id', '=', charId)
            .where('delivery', '=', 'queue')
            .where('status', '=', 'pending')
            .execute()
        ).map((row) => Number(row.item_count));
  /** A delivered reward on L2J; one waiting, recorded, for the game mod on aCis. */
  const rewardStatus = flavored.schema.hasPremiumItems ? 'delivered' : 'pending';

  describe('getreferrallink', () => {
    it('answers PUBLIC_URL/?ref=CODE as text, the same code every time and for any case', async () => {
      const referrer = await newReferrer();
      const first = await getLink({ username: referrer.username, email: referrer.email });
      expect(first.status).toBe(200);
      expect(first.contentType).toBe('text/plain; charset=utf-8');
      expect(String(first.body)).toMatch(LINK);
      const again = await getLink({ username: referrer.username.toUpperCase(), email: referrer.email.toUpperCase() });
      expect(again.body).toBe(first.body);
      expect(await codeOf(await newReferrer())).not.toBe(LINK.exec(String(first.body))?.[1]);
    });

    it('answers 400 referralPairMismatch when username and email do not belong together, and writes nothing', async () => {
      const referrer = await newReferrer();
      const before = await snapshot();
      for (const query of [
        { username: referrer.username, email: 'someone.else@example.com' },
        { username: 'nosuchaccount', email: referrer.email },
        // demotrader's own address, with demoplayer's name.
        { username: 'demoplayer', email: 'demotrader@example.com' },
      ]) {
        const answer = await getLink(query);
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: 'referralPairMismatch' });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('gives a banned account no link', async () => {
      const answer = await getLink({ username: 'demobanned', email: 'banned@example.com' });
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: 'accountBanned' });
    });

    it('answers captchaInvalid for a missing or forged captcha, and the field codes for missing fields', async () => {
      const referrer = await newReferrer();
      const before = await snapshot();
      const forged = await getLink(
        { username: referrer.username, email: referrer.email, captcha: 'Zm9yZ2Vk' },
        { captcha: false },
      );
      expect({ status: forged.status, body: forged.body }).toEqual({ status: 400, body: 'captchaInvalid' });
      const empty = await getLink({ username: '', email: '', captcha: '' }, { captcha: false });
      expect({ status: empty.status, body: empty.body }).toEqual({
        status: 400,
        body: ['UsernameEmpty', 'EmailEmpty', 'CaptchaEmpty'],
      });
      const none = await getLink({}, { captcha: false });
      expect(none.status).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it('takes a character of the account as the reward character, and refuses one of another account', async () => {
      const referrer = await newReferrer([30, 50]);
      const [low] = referrer.characters;
      const foreign = await getLink({ username: referrer.username, email: referrer.email, charName: 'DemoKnight' });
      expect({ status: foreign.status, body: foreign.body }).toEqual({ status: 400, body: 'charDoesntExist' });
      const chosen = await getLink({
        username: referrer.username,
        email: referrer.email,
        charName: low!.char_name.toLowerCase(),
      });
      expect(chosen.status).toBe(200);
      const row = await db()
        .site.db.selectFrom('site_referral_codes')
        .selectAll()
        .where('login', '=', referrer.username)
        .executeTakeFirstOrThrow();
      expect(Number(row.reward_char_id)).toBe(low!.charId);
    });
  });

  // Visits and events touch only the site's own tables: once, on l2j.
  if (flavored.everything)
    describe('addvisitor and updateref', () => {
      it('sets a 90-day httpOnly ref cookie for a known code and stores the visitor once', async () => {
        const code = await codeOf(await newReferrer());
        const first = await addVisitor(code.toUpperCase(), { ip: '198.51.100.10' });
        expect(first.answer.status).toBe(204);
        expect(first.setCookie).toMatch(
          /^ref=[A-Za-z0-9_-]{24}; Max-Age=7776000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
        );
        const cookie = cookiePair(first.setCookie);
        const rows = await visitorRows(code);
        expect(rows.map((row) => ({ code: row.code, ip: row.ip, key: `ref=${row.visitor_key}` }))).toEqual([
          { code, ip: '198.51.100.10', key: cookie },
        ]);

        // A reload with the cookie, and a visit from the same address without it: the same visitor.
        const reload = await addVisitor(code, { cookie, ip: '198.51.100.10' });
        expect([reload.answer.status, reload.setCookie]).toEqual([204, null]);
        const cookieless = await addVisitor(code, { ip: '198.51.100.10' });
        expect(cookiePair(cookieless.setCookie)).toBe(cookie);
        expect(await visitorRows(code)).toHaveLength(1);

        const other = await addVisitor(code, { ip: '198.51.100.11' });
        expect(cookiePair(other.setCookie)).not.toBe(cookie);
        expect(await visitorRows(code)).toHaveLength(2);
      });

      it('keeps the first referrer of a visitor while the cookie lasts', async () => {
        const [first, second] = [await codeOf(await newReferrer()), await codeOf(await newReferrer())];
        const visit = await addVisitor(first, { ip: '198.51.100.20' });
        const cookie = cookiePair(visit.setCookie);
        const later = await addVisitor(second, { cookie, ip: '198.51.100.20' });
        expect([later.answer.status, later.setCookie]).toEqual([204, null]);
        expect(await visitorRows(second)).toEqual([]);
      });

      it('ignores an unknown code: 204, no cookie, nothing stored', async () => {
        const before = await snapshot();
        for (const ref of ['unknowncode1', 'x', 'not a code!', '../../etc']) {
          const visit = await addVisitor(ref, { ip: '198.51.100.30' });
          expect([visit.answer.status, visit.setCookie]).toEqual([204, null]);
        }
        expect(await snapshot()).toEqual(before);
      });

      it('records each kind of event once per referred visitor, and nothing for other visitors', async () => {
        const code = await codeOf(await newReferrer());
        const cookie = cookiePair((await addVisitor(code, { ip: '198.51.100.40' })).setCookie);
        for (const type of ['downloaded', 'downloaded', 'donated', 'downloaded', 'donated']) {
          expect((await updateRef(type, { cookie, ip: '198.51.100.40' })).answer.status).toBe(204);
        }
        const [visitor] = await visitorRows(code);
        const events = await db()
          .site.db.selectFrom('site_referral_events')
          .select('type')
          .where('visitor_id', '=', visitor!.id)
          .orderBy('type')
          .execute();
        expect(events.map((event) => event.type)).toEqual(['donated', 'downloaded']);

        const before = await snapshot();
        for (const visitor of [
          { ip: '198.51.100.41' },
          { cookie: 'ref=AAAAAAAAAAAAAAAAAAAAAAAA', ip: '198.51.100.41' },
        ]) {
          expect((await updateRef('downloaded', visitor)).answer.status).toBe(204);
        }
        expect(await snapshot()).toEqual(before);
      });

      it('limits each call per address like the account tools: the call after the allowed ones answers 429', async () => {
        const limited = await startApp(site.databases, {
          env: { PUBLIC_URL, TRUST_PROXY: 'true' },
          settings: { ...SETTINGS, accounts: { requestsPerMinute: 2 } },
        });
        try {
          const headers = { ...csrfHeaders(), 'x-forwarded-for': '198.51.100.60' };
          const calls = [
            () =>
              fetch(`${limited.url}${api.addVisitor.path}`, { method: 'POST', headers, body: '{"ref":"abcdefgh"}' }),
            () => fetch(`${limited.url}${api.updateRef.path}`, { method: 'POST', headers, body: '{"type":"donated"}' }),
            () =>
              fetch(`${limited.url}${api.getReferralLink.path}?username=&email=&captcha=`, {
                headers: { 'x-forwarded-for': '198.51.100.60' },
              }),
          ];
          for (const call of calls) {
            const allowed = [(await call()).status, (await call()).status];
            expect(allowed).not.toContain(429);
            const refused = await readAnswer(await call());
            expect({ status: refused.status, body: refused.body }).toEqual({ status: 429, body: ['tooManyRequests'] });
          }
        } finally {
          await limited.close();
        }
      });

      it('never answers 5xx to bad input, and writes nothing', async () => {
        const code = await codeOf(await newReferrer());
        const before = await snapshot();
        const visitor = { ip: '198.51.100.50' };
        for (const body of ['{', '[]', '{}', { ref: '' }, { ref: 'x'.repeat(65) }, { ref: 42 }, { ref: [code] }]) {
          const { answer } = await post(api.addVisitor.path, body, visitor);
          expect(answer.status).toBe(400);
          expect(Array.isArray(answer.body)).toBe(true);
        }
        for (const type of ['registeredTwice', '', null]) {
          expect((await updateRef(type, visitor)).answer.status).toBe(400);
        }
        const forged = await fetch(`${site.url}${api.addVisitor.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor.ip },
          body: JSON.stringify({ ref: code }),
        });
        expect(forged.status).toBe(403);
        const query = await getLink({ username: 'x'.repeat(300), email: `${'y'.repeat(300)}@example.com` });
        expect(query.status).toBe(400);
        expect(await snapshot()).toEqual(before);
      });
    });

  describe('from the link to the reward', () => {
    it('attributes a registration, marks it playing at the playing level and credits the referrer once', async () => {
      const referrer = await newReferrer([25, 61, 40]);
      const best = referrer.characters[1]!;
      const code = await codeOf(referrer);
      const visitor = { ip: '203.0.113.10', cookie: '' };
      visitor.cookie = cookiePair((await addVisitor(code, visitor)).setCookie);
      await updateRef('downloaded', visitor);

      const friend = freshLogin('f');
      await register(friend.toUpperCase(), visitor);
      expect(await attributed(friend)).toMatchObject({ login: friend, code, playing_at: null, rewarded_at: null });

      // Registered, but no character at the playing level yet: nothing to credit.
      await flavored.insertCharacters(db().game.db, [character(friend, uniqueCharName('Fr'), PLAYING_LEVEL - 1)]);
      expect(await check()).toEqual({ playing: 0, rewarded: 0 });
      expect(await grantsFor(friend)).toEqual([]);

      await db()
        .game.db.updateTable('characters')
        .set({ level: PLAYING_LEVEL })
        .where('account_name', '=', friend)
        .execute();
      expect(await check()).toEqual({ playing: 1, rewarded: 1 });
      // Again, and two instances at once: nothing more.
      expect(await check()).toEqual({ playing: 0, rewarded: 0 });
      expect(await Promise.all([check(), check()])).toEqual([
        { playing: 0, rewarded: 0 },
        { playing: 0, rewarded: 0 },
      ]);

      const grants = await grantsFor(friend);
      expect(grants.map((g) => [Number(g.char_id), Number(g.item_count), g.reason])).toEqual([
        [best.charId, COINS_PER_REF, 'referral'],
      ]);
      expect(await coinsOf(best.charId)).toEqual([COINS_PER_REF]);
      expect(await attributed(friend)).toMatchObject({ reward_char_id: best.charId, reward_status: rewardStatus });

      // The ranking reads the real rows, at the next refresh: its period is over.
      await db().site.db.deleteFrom('site_claims').where('claim_key', 'like', 'turn:rankings:%').execute();
      const fresh = await startApp(site.databases, { settings: SETTINGS });
      try {
        const rows = (await (await fetch(`${fresh.url}${api.getReferralStatistics.path}`)).json()) as unknown[];
        expect(rows).toContainEqual({ referralCode: code, totalReferrals: 1, registrations: 1, playingReferrals: 1 });
        expect(api.getReferralStatistics.response.safeParse(rows).success).toBe(true);
      } finally {
        await fresh.close();
      }
    });

    it('credits two referrals of one referrer twice, each once, even when both start playing in one pass', async () => {
      const referrer = await newReferrer([45]);
      const code = await codeOf(referrer);
      const friends = [freshLogin('f'), freshLogin('f')];
      for (const [index, friend] of friends.entries()) {
        const visitor = { ip: `203.0.113.${20 + index}`, cookie: '' };
        visitor.cookie = cookiePair((await addVisitor(code, visitor)).setCookie);
        await register(friend, visitor);
        await flavored.insertCharacters(db().game.db, [character(friend, uniqueCharName('Fr'), PLAYING_LEVEL + 5)]);
      }
      await Promise.all([check(), check()]);
      await check();
      expect(await coinsOf(referrer.characters[0]!.charId)).toEqual([COINS_PER_REF, COINS_PER_REF]);
      for (const friend of friends) expect(await grantsFor(friend)).toHaveLength(1);
    });

    it('pays the character the referrer chose, and waits for a referrer without any character', async () => {
      const chooser = await newReferrer([70, 30]);
      const chosen = chooser.characters[1]!;
      await getLink({ username: chooser.username, email: chooser.email, charName: chosen.char_name });
      const empty = await newReferrer([]);
      const friends: string[] = [];
      for (const referrer of [chooser, empty]) {
        const visitor = { ip: '203.0.113.30', cookie: '' };
        visitor.cookie = cookiePair((await addVisitor(await codeOf(referrer), visitor)).setCookie);
        const friend = freshLogin('f');
        await register(friend, visitor);
        await flavored.insertCharacters(db().game.db, [character(friend, uniqueCharName('Fr'), 80)]);
        friends.push(friend);
      }
      await check();
      expect((await grantsFor(friends[0]!)).map((g) => Number(g.char_id))).toEqual([chosen.charId]);
      expect(await grantsFor(friends[1]!)).toEqual([]);
      expect(await attributed(friends[1]!)).toMatchObject({ rewarded_at: null });

      const late = character(empty.username, uniqueCharName('Late'), 1);
      await flavored.insertCharacters(db().game.db, [late]);
      await check();
      expect((await grantsFor(friends[1]!)).map((g) => Number(g.char_id))).toEqual([late.charId]);
    });

    it('attributes nothing without the cookie or with a cookie older than 90 days', async () => {
      const code = await codeOf(await newReferrer());
      const plain = freshLogin('f');
      await register(plain, { ip: '203.0.113.40' });
      expect(await attributed(plain)).toBeUndefined();

      const visitor = { ip: '203.0.113.41', cookie: '' };
      visitor.cookie = cookiePair((await addVisitor(code, visitor)).setCookie);
      clock.advance(91 * DAY);
      try {
        const late = freshLogin('f');
        await register(late, visitor);
        expect(await attributed(late)).toBeUndefined();
      } finally {
        clock.advance(-91 * DAY);
      }
    });
  });
});
