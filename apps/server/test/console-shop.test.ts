import { api } from '@gatekeeper/contract';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './databases';
import { csrfHeaders } from './app-under-test';
import { newCharacter } from './support/characters';
import { testClock } from './support/clock';
import { CONSOLE_LEVELS, CONSOLE_SETTINGS, consoleUser, sessionCall } from './support/console-session';
import { flavoredWorld } from './support/flavored-world';
import { accountToolSettings } from './support/mailed-site';
import { useSite } from './support/use-site';

/**
 * The console's Shop section (docs/owner/console.md#shop): the owner edits the catalogue and the
 * promo codes, searches the orders ledger and its CSV, retries or refunds a failed order; a gm is
 * refused; every write is in the audit log.
 */
const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  console: CONSOLE_SETTINGS,
};

describe.each(DATABASE_KINDS)("the console's Shop section (%s)", (kind) => {
  const clock = testClock();
  const site = useSite(kind, { app: { settings: SETTINGS, now: clock.now } });
  const siteDb = () => site.databases.connections.site.db;
  const world = flavoredWorld('l2j');
  const get = (path: string, cookie: string) => sessionCall(site.url, 'GET', path, cookie);
  const post = (path: string, cookie: string, body: unknown) => sessionCall(site.url, 'POST', path, cookie, body);

  /** A failed order of a character of its own, paid 50 coins from its account's wallet. */
  const failedOrder = async (tag: string) => {
    const character = newCharacter({ char_name: `Shopper${tag}`, account_name: `shopacct${tag}`.toLowerCase() });
    await world.insertCharacters(site.databases.connections.game.db, [character]);
    const now = clock.now();
    const row = await siteDb()
      .insertInto('site_shop_orders')
      .values({
        request_key: `shopacct${tag}:key`.toLowerCase(),
        login: `shopacct${tag}`.toLowerCase(),
        offer_id: 1,
        items: JSON.stringify([{ itemId: 57, count: 10 }]),
        price: 50,
        char_id: character.charId,
        char_name: character.char_name,
        state: 'failed',
        delivery: 'premiumItems',
        delivery_ref: null,
        attempts: 1,
        last_error: 'the game database did not answer',
        source: 'shop',
        created_at: now,
        updated_at: now,
      })
      .executeTakeFirstOrThrow();
    return { id: Number(row.insertId), login: `shopacct${tag}`.toLowerCase(), charId: character.charId };
  };

  it('lets the owner add an offer and a promo code, and refuses a gm', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });
    const offer = {
      id: 0,
      items: [{ itemId: 1538, count: 3 }],
      price: 25,
      stock: 10,
      perAccountLimit: null,
      saleStartsAt: null,
      saleEndsAt: null,
      enabled: true,
    };
    expect((await post(api.saveConsoleShopOffer.path, gm.cookie, { offer })).status).toBe(403);
    const saved = await post(api.saveConsoleShopOffer.path, owner.cookie, { offer });
    expect(saved.status).toBe(200);
    const { id } = saved.body as { id: number };
    const promo = { code: 'spring', coins: 30, items: [], totalLimit: 5, endsAt: null, enabled: true };
    expect((await post(api.saveConsoleShopPromo.path, owner.cookie, { promo })).status).toBe(200);
    const catalogue = api.getConsoleShop.response.parse((await get(api.getConsoleShop.path, owner.cookie)).body);
    expect(catalogue.offers.find((row) => row.id === id)).toMatchObject({ price: 25, stock: 10 });
    expect(catalogue.promoCodes.find((row) => row.code === 'SPRING')).toMatchObject({ coins: 30, used: 0 });
    // The public catalogue shows it.
    const shop = api.getShop.response.parse((await sessionCall(site.url, 'GET', api.getShop.path, undefined)).body);
    expect(shop.offers.map((row) => row.id)).toContain(id);
    const lines = await siteDb()
      .selectFrom('site_console_audit')
      .select(['action', 'record'])
      .where('login', '=', owner.login)
      .where('action', 'like', 'shop.%')
      .orderBy('id')
      .execute();
    expect(lines).toEqual([
      { action: 'shop.offer.add', record: String(id) },
      { action: 'shop.promo.save', record: 'SPRING' },
    ]);
  });

  it('refunds a failed order to the wallet and delivers another again, each once and audited', async () => {
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });
    const refunded = await failedOrder('R1');
    const retried = await failedOrder('R2');
    const listed = api.getConsoleShopOrders.response.parse(
      (await get(`${api.getConsoleShopOrders.path}?state=failed&q=${refunded.login}`, owner.cookie)).body,
    );
    expect(listed.rows.map((row) => [row.id, row.state, row.lastError])).toEqual([
      [refunded.id, 'failed', 'the game database did not answer'],
    ]);
    const refund = await post(api.refundConsoleShopOrder.path, owner.cookie, {
      orderId: refunded.id,
      reason: 'Game down',
    });
    expect(refund.body).toEqual({ before: 'failed', after: 'refunded' });
    const again = await post(api.refundConsoleShopOrder.path, owner.cookie, { orderId: refunded.id, reason: 'Twice?' });
    expect(again).toMatchObject({ status: 400, body: ['consoleShopOrderNotFailed'] });
    const credits = await siteDb()
      .selectFrom('site_wallet_entries')
      .select(['amount', 'reason'])
      .where('login', '=', refunded.login)
      .execute();
    expect(credits.map((row) => [Number(row.amount), row.reason])).toEqual([[50, 'refund']]);
    const retry = await post(api.retryConsoleShopOrder.path, owner.cookie, { orderId: retried.id, reason: 'Back up' });
    expect(retry.body).toEqual({ before: 'failed', after: 'onItsWay' });
    const items = await site.databases.connections.game.db
      .selectFrom('character_premium_items')
      .select(['itemId', 'itemSender'])
      .where('charId', '=', retried.charId)
      .execute();
    expect(items).toEqual([{ itemId: 57, itemSender: `Shop #${retried.id}` }]);
    const missing = await post(api.retryConsoleShopOrder.path, owner.cookie, { orderId: 999_999, reason: 'None' });
    expect(missing).toMatchObject({ status: 404, body: ['consoleShopOrderNotFound'] });

    const { cookie: token, 'x-xsrf-token': header } = csrfHeaders();
    const csv = await fetch(`${site.url}${api.getConsoleShopOrdersCsv.path}?q=${retried.login}`, {
      headers: { cookie: `${token}; ${owner.cookie}`, 'x-xsrf-token': header },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text).toContain(`"${retried.id}"`);
    expect(text).toContain('"onItsWay"');
    const actions = await siteDb()
      .selectFrom('site_console_audit')
      .select('action')
      .where('login', '=', owner.login)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action).filter((action) => action.startsWith('shop.'))).toEqual([
      'shop.order.refund',
      'shop.order.retry',
      'shop.orders.export',
    ]);
  });
});
