import { api } from '@gatekeeper/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Collector } from '../src/features/facebook-streams/collector';
import { STREAM_DATA_MAX_AGE_MS } from '../src/features/facebook-streams/collector';
import { DELETION_CALLBACK_PATH } from '../src/features/facebook-streams/routes';
import { signRequest } from '../src/features/facebook-streams/signed-request';
import { parseTokenKey, tokenCipher } from '../src/features/facebook-streams/token-cipher';
import { type AppUnderTest, csrfHeaders, startApp } from './app-under-test';
import type { FlavorName } from '../src/game/flavors';
import { type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { type FakeGraphApi, startFakeGraphApi } from './support/fakes/fake-graph-api';
import { type TestClock, testClock } from './support/clock';
import { FLAVOR_KINDS, flavoredWorld } from './support/flavored-world';

const APP_ID = '1234567890';
const APP_SECRET = 'fake-app-secret-for-tests';
const TOKEN_KEY = 'a1'.repeat(32);
const POLL_MS = 60_000;
const MIN_VIEWERS = 10;
const CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/;

/**
 * Stream registration over real HTTP against a local Graph API: the token check, the code for
 * the NPC, the collector (live video pick-up, the 5-minute deletion, unregister) and Facebook's
 * data deletion callback, on each flavour's tables (the character's key: charId, aCis's obj_Id) and
 * each database.
 */
describe.each(FLAVOR_KINDS)(
  'Facebook stream registration on %s tables in %s',
  (flavor: FlavorName, kind: DatabaseKind) => {
    const flavored = flavoredWorld(flavor);
    const characterKey = flavored.flavor.characters.key;
    let databases: TestDatabases;
    let graph: FakeGraphApi;
    let site: AppUnderTest;
    let collector: Collector;
    let clock: TestClock;
    let archerId: number;
    let knightId: number;
    let nextUser = 100_000_000_000_000;

    beforeAll(async () => {
      databases = await createTestDatabases(kind, { flavor });
      graph = await startFakeGraphApi({ appId: APP_ID, appSecret: APP_SECRET });
      const ids = await flavored.characterIds(databases.connections.game.db, ['DemoArcher', 'DemoKnight']);
      archerId = ids.get('DemoArcher')!;
      knightId = ids.get('DemoKnight')!;
    });
    afterAll(async () => {
      await graph?.close();
      await databases?.drop();
    });

    beforeEach(async () => {
      clock = testClock();
      site = await startApp(databases, {
        env: { FACEBOOK_APP_SECRET: APP_SECRET, FACEBOOK_TOKEN_KEY: TOKEN_KEY, PUBLIC_URL: 'https://l2.example.com' },
        settings: {
          facebook: { appId: APP_ID, graphApiBaseUrl: graph.url, pollSeconds: POLL_MS / 1000 },
          liveStreamMinViewers: MIN_VIEWERS,
        },
        now: clock.now,
        takeFacebookCollector: (taken) => {
          collector = taken;
        },
      });
    });
    afterEach(async () => {
      await site.close();
      graph.down = false;
      graph.requests.length = 0;
      const db = databases.connections.site.db;
      await db.deleteFrom('site_facebook_streamers').execute();
      await db.deleteFrom('site_facebook_deletions').execute();
      await db.deleteFrom('site_live_streams').execute();
    });

    const site_ = () => databases.connections.site.db;

    /** A user who went through Facebook's login dialog: the token the dialog put in the fragment. */
    const userFromDialog = (scopes = ['user_videos', 'public_profile'], appId = APP_ID) => {
      nextUser += 1;
      const userId = String(nextUser);
      const token = `EAAshort${userId}`;
      graph.userTokens.set(token, { userId, appId, scopes });
      return { userId, token };
    };

    const addToken = (accessToken: string, headers: Record<string, string> = csrfHeaders()) =>
      fetch(`${site.url}/sdk/addfacebooktoken`, { method: 'POST', headers, body: JSON.stringify({ accessToken }) });

    const register = async (user: { token: string }) => {
      const response = await addToken(user.token);
      expect(response.status).toBe(200);
      return api.addFacebookToken.response.parse(await response.json()).code;
    };

    /** The NPC's SQL of docs/owner/streams.md ("Stream rewards"): bind a code to a character. */
    const bindAtNpc = async (code: string, charId: number, charName: string) => {
      const result = await site_()
        .updateTable('site_facebook_streamers')
        .set({ char_id: charId, char_name: charName, status: 'online', code: null })
        .where('code', '=', code)
        .where('code_expires_at', '>', clock.now())
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    };

    const unregisterAtNpc = (charId: number) =>
      site_()
        .updateTable('site_facebook_streamers')
        .set({ status: 'unregistered' })
        .where('char_id', '=', charId)
        .execute();

    const storedStreams = () =>
      site_().selectFrom('site_live_streams').select(['owner_key', 'channel', 'title', 'viewers']).execute();

    const streamerOf = (userId: string) =>
      site_().selectFrom('site_facebook_streamers').selectAll().where('fb_user_id', '=', userId).executeTakeFirst();

    const liveStreamer = async (viewers = 42) => {
      const user = userFromDialog();
      expect(await bindAtNpc(await register(user), archerId, 'DemoArcher')).toBe(1);
      graph.liveVideos.set(user.userId, [
        { id: `77${user.userId.slice(-4)}`, title: 'Siege of Aden', liveViews: viewers },
      ]);
      return user;
    };

    describe('POST /sdk/addfacebooktoken', () => {
      it('checks the token with the Graph API and answers a code that is easy to type', async () => {
        const user = userFromDialog();
        const code = await register(user);
        expect(code).toMatch(CODE);
        const debug = graph.requests.find((url) => url.pathname === '/v19.0/debug_token');
        expect(debug?.searchParams.get('input_token')).toBe(user.token);
        expect(debug?.searchParams.get('access_token')).toBe(`${APP_ID}|${APP_SECRET}`);
        const row = await streamerOf(user.userId);
        expect(row).toMatchObject({ code, status: 'registered', char_id: null });
        expect(Number(row?.code_expires_at)).toBeGreaterThan(clock.now() + 29 * 60_000);
      });

      it('stores the long-lived token encrypted, bound to the user', async () => {
        const user = userFromDialog();
        await register(user);
        const row = await streamerOf(user.userId);
        const [longLived] = [...graph.longLivedTokens.keys()].filter(
          (token) => graph.longLivedTokens.get(token)?.userId === user.userId,
        );
        expect(longLived).toBeDefined();
        expect(row?.access_token).not.toContain(longLived);
        expect(row?.access_token).not.toContain(user.token);
        const cipher = tokenCipher(parseTokenKey(TOKEN_KEY)!);
        expect(cipher.decrypt(row!.access_token, user.userId)).toBe(longLived);
        expect(() => cipher.decrypt(row!.access_token, '999')).toThrow();
      });

      it('gives a user who authorizes again a new code and keeps one row', async () => {
        const user = userFromDialog();
        const first = await register(user);
        let second = await register(user);
        while (second === first) second = await register(user);
        const rows = await site_()
          .selectFrom('site_facebook_streamers')
          .select('code')
          .where('fb_user_id', '=', user.userId)
          .execute();
        expect(rows).toEqual([{ code: second }]);
        expect(await bindAtNpc(first, archerId, 'DemoArcher')).toBe(0);
        expect(await bindAtNpc(second, archerId, 'DemoArcher')).toBe(1);
      });

      it('lets a streamer who is bound authorize again without a pause and bind the new code elsewhere', async () => {
        const user = await liveStreamer(42);
        const code = await register(user);
        await collector.collectOnce();
        expect(await streamerOf(user.userId)).toMatchObject({ status: 'online', char_id: archerId });
        expect(await storedStreams()).toHaveLength(1);
        expect(await bindAtNpc(code, knightId, 'DemoKnight')).toBe(1);
        expect(await bindAtNpc(code, archerId, 'DemoArcher')).toBe(0);
        expect(await streamerOf(user.userId)).toMatchObject({ status: 'online', char_id: knightId, code: null });
      });

      it('refuses a token Facebook does not know', async () => {
        const response = await addToken('EAAforged');
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual(['facebookTokenInvalid']);
      });

      it("refuses another app's token", async () => {
        const response = await addToken(userFromDialog(['user_videos'], '999999').token);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual(['facebookTokenInvalid']);
      });

      it('refuses a token without the user_videos permission', async () => {
        const user = userFromDialog(['public_profile']);
        const response = await addToken(user.token);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual(['facebookVideosPermission']);
        expect(await streamerOf(user.userId)).toBeUndefined();
      });

      it('answers facebookUnavailable when the Graph API fails', async () => {
        graph.down = true;
        const response = await addToken(userFromDialog().token);
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual(['facebookUnavailable']);
      });

      it('refuses a call without the anti-forgery header and an empty token', async () => {
        expect((await addToken(userFromDialog().token, { 'content-type': 'application/json' })).status).toBe(403);
        const empty = await addToken('');
        expect(empty.status).toBe(400);
      });
    });

    describe('the collector', () => {
      it('picks up the live video of a streamer whose character is online, and getlivestreams shows it', async () => {
        const user = await liveStreamer(42);
        await collector.collectOnce();
        const videoUrl = `https://www.facebook.com/${user.userId}/videos/77${user.userId.slice(-4)}/`;
        expect(await storedStreams()).toEqual([
          { owner_key: user.userId, channel: videoUrl, title: 'Siege of Aden', viewers: 42 },
        ]);
        const live = graph.requests.find((url) => url.pathname === `/v19.0/${user.userId}/live_videos`);
        expect(live?.searchParams.get('broadcast_status')).toBe('["LIVE"]');
        expect(live?.searchParams.get('fields')).toBe('title,live_views,embed_html,permalink_url,status');
        const response = await fetch(`${site.url}/sdk/getlivestreams`);
        expect(api.getLiveStreams.response.parse(await response.json())).toEqual([
          { type: 'FACEBOOK', channel: videoUrl, title: 'Siege of Aden', live: true },
        ]);
      });

      it('stores and shows a title with emoji, cut to 255 characters without splitting one', async () => {
        const user = await liveStreamer(42);
        const videoId = `77${user.userId.slice(-4)}`;
        graph.liveVideos.set(user.userId, [{ id: videoId, title: 'Siege of Aden 🏰⚔️', liveViews: 42 }]);
        await collector.collectOnce();
        expect(await storedStreams()).toMatchObject([{ owner_key: user.userId, title: 'Siege of Aden 🏰⚔️' }]);
        const shown = api.getLiveStreams.response.parse(await (await fetch(`${site.url}/sdk/getlivestreams`)).json());
        expect(shown.map((stream) => stream.title)).toEqual(['Siege of Aden 🏰⚔️']);

        graph.liveVideos.set(user.userId, [{ id: videoId, title: `${'a'.repeat(254)}🏰🏰`, liveViews: 42 }]);
        clock.advance(POLL_MS);
        await collector.collectOnce();
        expect(await storedStreams()).toMatchObject([{ title: `${'a'.repeat(254)}🏰` }]);
      });

      it.runIf(kind === 'mariadb')(
        'stores a title with the emoji replaced when the table is still utf8mb3',
        async () => {
          const convert = (charset: string) =>
            sql`alter table site_live_streams convert to character set ${sql.raw(charset)}`.execute(site_());
          await convert('utf8mb3');
          try {
            const user = await liveStreamer(42);
            graph.liveVideos.set(user.userId, [{ id: `77${user.userId.slice(-4)}`, title: 'Siege 🏰', liveViews: 42 }]);
            await collector.collectOnce();
            expect(await storedStreams()).toMatchObject([{ owner_key: user.userId, title: 'Siege \uFFFD' }]);
          } finally {
            await convert('utf8mb4');
          }
        },
      );

      it('keeps a stream under the viewer minimum for rewards but leaves it off the home page', async () => {
        const user = await liveStreamer(MIN_VIEWERS - 1);
        await collector.collectOnce();
        expect((await storedStreams()).map((row) => row.owner_key)).toEqual([user.userId]);
        expect(await (await fetch(`${site.url}/sdk/getlivestreams`)).json()).toEqual([]);
      });

      it('reads nothing for a code nobody bound, nor for a character not in the game', async () => {
        await register(userFromDialog());
        const knight = userFromDialog();
        expect(await bindAtNpc(await register(knight), knightId, 'DemoKnight')).toBe(1);
        graph.liveVideos.set(knight.userId, [{ id: '5', title: 'Offline', liveViews: 100 }]);
        graph.requests.length = 0;
        await collector.collectOnce();
        expect(graph.requests).toEqual([]);
        expect(await storedStreams()).toEqual([]);
      });

      it('updates the stream at every poll and deletes it as soon as it ended', async () => {
        const user = await liveStreamer(42);
        await collector.collectOnce();
        graph.liveVideos.set(user.userId, [{ id: '1', title: 'Siege of Aden, part 2', liveViews: 80 }]);
        clock.advance(POLL_MS);
        await collector.collectOnce();
        expect(await storedStreams()).toMatchObject([{ title: 'Siege of Aden, part 2', viewers: 80 }]);
        graph.liveVideos.set(user.userId, [{ id: '1', title: 'Siege of Aden, part 2', liveViews: 80, status: 'VOD' }]);
        clock.advance(POLL_MS);
        await collector.collectOnce();
        expect(await storedStreams()).toEqual([]);
      });

      it('deletes a stream 5 minutes after it was last confirmed live when Facebook cannot be asked', async () => {
        await liveStreamer(42);
        await collector.collectOnce();
        graph.down = true;
        clock.advance(STREAM_DATA_MAX_AGE_MS - 1_000);
        await collector.collectOnce();
        expect(await storedStreams()).toHaveLength(1);
        clock.advance(2_000);
        await collector.collectOnce();
        expect(await storedStreams()).toEqual([]);
      });

      it('deletes the stream when the character leaves the game', async () => {
        await liveStreamer(42);
        await collector.collectOnce();
        const game = databases.connections.game.db;
        await game.updateTable('characters').set({ online: 0 }).where(characterKey, '=', archerId).execute();
        try {
          clock.advance(POLL_MS);
          await collector.collectOnce();
          expect(await storedStreams()).toEqual([]);
        } finally {
          await game.updateTable('characters').set({ online: 1 }).where(characterKey, '=', archerId).execute();
        }
      });

      it('deletes everything of a streamer who pressed Unregister at the NPC at the next round', async () => {
        const user = await liveStreamer(42);
        await collector.collectOnce();
        await unregisterAtNpc(archerId);
        await collector.collectOnce();
        expect(await streamerOf(user.userId)).toBeUndefined();
        expect(await storedStreams()).toEqual([]);
      });

      it('deletes a registration whose token Facebook no longer accepts', async () => {
        const user = await liveStreamer(42);
        await collector.collectOnce();
        graph.longLivedTokens.clear();
        clock.advance(POLL_MS);
        await collector.collectOnce();
        expect(await streamerOf(user.userId)).toBeUndefined();
        expect(await storedStreams()).toEqual([]);
      });

      it('deletes a registration whose code ran out before anyone entered it', async () => {
        const user = userFromDialog();
        const code = await register(user);
        clock.advance(30 * 60_000);
        expect(await bindAtNpc(code, archerId, 'DemoArcher')).toBe(0);
        await collector.collectOnce();
        expect(await streamerOf(user.userId)).toBeUndefined();
      });
    });

    describe(`POST ${DELETION_CALLBACK_PATH}`, () => {
      /** A signed_request as Facebook sends it, issued at `issuedAt` (ms; default now). */
      const signedBy = (userId: string, issuedAt = clock.now()) =>
        signRequest(
          {
            algorithm: 'HMAC-SHA256',
            expires: Math.floor(issuedAt / 1000) + 3600,
            issued_at: Number.isNaN(issuedAt) ? undefined : Math.floor(issuedAt / 1000),
            user_id: userId,
          },
          APP_SECRET,
        );

      const callback = (signedRequest: string) =>
        fetch(`${site.url}${DELETION_CALLBACK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ signed_request: signedRequest }).toString(),
        });

      it("deletes the user's data and answers the confirmation code and a status URL that tells the status", async () => {
        const user = await liveStreamer(42);
        await collector.collectOnce();
        const response = await callback(signedBy(user.userId));
        expect(response.status).toBe(200);
        const body = (await response.json()) as { url: string; confirmation_code: string };
        expect(body.confirmation_code).toMatch(/^[0-9a-f]{24}$/);
        const statusUrl = new URL(body.url);
        expect(statusUrl.origin).toBe('https://l2.example.com');
        expect(statusUrl.searchParams.get('code')).toBe(body.confirmation_code);
        expect(await streamerOf(user.userId)).toBeUndefined();
        expect(await storedStreams()).toEqual([]);

        const status = await fetch(`${site.url}${statusUrl.pathname}${statusUrl.search}`);
        expect(status.status).toBe(200);
        expect(await status.json()).toMatchObject({ confirmation_code: body.confirmation_code, status: 'deleted' });
        const unknown = await fetch(`${site.url}${statusUrl.pathname}?code=${'0'.repeat(24)}`);
        expect(unknown.status).toBe(404);
        expect(await unknown.json()).toMatchObject({ status: 'unknown' });
      });

      it('refuses a request issued more than five minutes ago, or ahead of the clock, and deletes nothing', async () => {
        const user = await liveStreamer(42);
        await collector.collectOnce();
        for (const issuedAt of [clock.now() - 5 * 60_000 - 5_000, clock.now() + 5 * 60_000, Number.NaN]) {
          const response = await callback(signedBy(user.userId, issuedAt));
          expect(response.status).toBe(400);
          expect(await response.json()).toEqual({ error: 'expiredSignedRequest' });
        }
        expect(await streamerOf(user.userId)).toBeDefined();
        // Facebook's and our clocks may differ by a few seconds.
        expect((await callback(signedBy(user.userId, clock.now() + 20_000))).status).toBe(200);
        expect(await streamerOf(user.userId)).toBeUndefined();
      });

      it('honours a signed_request once: a replay is refused and records nothing', async () => {
        const user = await liveStreamer(42);
        await collector.collectOnce();
        const signed = signedBy(user.userId);
        expect((await callback(signed)).status).toBe(200);
        const deletions = async () =>
          Number(
            (
              await site_()
                .selectFrom('site_facebook_deletions')
                .select((eb) => eb.fn.countAll<number>().as('count'))
                .executeTakeFirstOrThrow()
            ).count,
          );
        const before = await deletions();
        // The user registers again; the old request, replayed, must not delete the new registration.
        const again = `EAAagain${user.userId}`;
        graph.userTokens.set(again, { userId: user.userId, appId: APP_ID, scopes: ['user_videos', 'public_profile'] });
        await register({ token: again });
        const replays = await Promise.all([callback(signed), callback(signed)]);
        expect(replays.map((replay) => replay.status)).toEqual([409, 409]);
        expect(await replays[0].json()).toEqual({ error: 'replayedSignedRequest' });
        expect(await deletions()).toBe(before);
        expect(await streamerOf(user.userId)).toBeDefined();
      });

      it('refuses a forged signature and deletes nothing', async () => {
        const user = await liveStreamer(42);
        await collector.collectOnce();
        const forged = signRequest({ algorithm: 'HMAC-SHA256', user_id: user.userId }, 'not-the-app-secret');
        const response = await callback(forged);
        expect(response.status).toBe(400);
        expect(await streamerOf(user.userId)).toBeDefined();
        expect(await storedStreams()).toHaveLength(1);
        expect((await callback('garbage')).status).toBe(400);
      });
    });
  },
);
