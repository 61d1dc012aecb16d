import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INTERLUDE_CLASS_IDS, INTERLUDE_MAX_CLAN_LEVEL, KAMAEL_CLASS_IDS } from '@gatekeeper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Connections } from '../src/db/connections';
import type { FlavorName } from '../src/game/flavors';
import { prepareDatabases } from '../src/prepare-databases';
import { parseSettings } from '../src/settings';

/**
 * The demo world follows the chronicle the default settings name (Interlude): a first run of the
 * embedded database, prepared as `npm start` prepares it, holds no Kamael class (characters,
 * heroes, nobles), no clan above level 8, and rewards only in the coin item the settings name,
 * an item Interlude has. Its opening date, online history and characters online tell one story.
 */

const SETTINGS = parseSettings({});
/** Coin of Luck: in Interlude's item tables, and the default coin of `rewards.coinItemId`. */
const INTERLUDE_COIN_OF_LUCK = 4037;

describe.each(['l2j', 'acis'] as FlavorName[])('the demo world is an Interlude world (%s)', (flavor) => {
  let dir: string;
  let connections: Connections;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatekeeper-demo-chronicle-'));
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      GAME_FLAVOR: flavor,
      LOGIN_DATABASE_URL: `sqlite:${join(dir, 'gatekeeper.sqlite')}`,
    });
    connections = (await prepareDatabases(config, { info: () => undefined }, SETTINGS)).connections;
  }, 120_000);
  afterAll(async () => {
    await connections?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('names Interlude in the default settings', () => {
    expect(SETTINGS.server.chronicle).toBe('Interlude');
  });

  it("gives every character an Interlude class, and some of each race's third classes", async () => {
    const rows = await connections.game.db.selectFrom('characters').select(['classid', 'base_class']).execute();
    expect(rows.length).toBeGreaterThan(1000);
    const classes = new Set(rows.flatMap((row) => [Number(row.classid), Number(row.base_class)]));
    expect([...classes].filter((id) => !INTERLUDE_CLASS_IDS.includes(id))).toEqual([]);
    expect([...classes].filter((id) => KAMAEL_CLASS_IDS.includes(id))).toEqual([]);
    // The world still spreads over the chronicle's classes, the third ones (88-118) among them.
    expect(classes.size).toBeGreaterThan(60);
    expect([...classes].filter((id) => id >= 88).length).toBeGreaterThan(25);
  });

  it('makes heroes and nobles of Interlude third classes only', async () => {
    const heroes = await connections.game.db.selectFrom('heroes').select('class_id').execute();
    const nobles = await connections.game.db.selectFrom('olympiad_nobles').select('class_id').execute();
    expect(heroes.length).toBeGreaterThan(20);
    expect(nobles.length).toBeGreaterThan(heroes.length);
    for (const row of [...heroes, ...nobles]) {
      expect(INTERLUDE_CLASS_IDS).toContain(Number(row.class_id));
      expect(Number(row.class_id)).toBeGreaterThanOrEqual(88);
    }
  });

  it('keeps every clan at level 0 to 8', async () => {
    const clans = await connections.game.db.selectFrom('clan_data').select('clan_level').execute();
    const levels = clans.map((clan) => Number(clan.clan_level));
    expect(levels.length).toBeGreaterThan(40);
    expect(Math.min(...levels)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...levels)).toBe(INTERLUDE_MAX_CLAN_LEVEL);
  });

  it('opened before its online history starts, which ends at the characters online now', async () => {
    const [site, game] = [connections.site.db, connections.game.db];
    const firstHour = await site
      .selectFrom('site_online_hours')
      .select('hour')
      .orderBy('hour')
      .limit(1)
      .executeTakeFirst();
    expect(Date.parse(SETTINGS.server.openingDate ?? '')).toBeLessThan(Number(firstHour?.hour) * 3_600_000);
    const last = await site
      .selectFrom('site_online_minutes')
      .selectAll()
      .orderBy('minute', 'desc')
      .limit(1)
      .executeTakeFirst();
    const online = await game
      .selectFrom('characters')
      .select(game.fn.countAll<number>().as('n'))
      .where('online', '=', 1)
      .where('accesslevel', '<=', 0)
      .executeTakeFirst();
    expect(Number(last?.players)).toBe(Number(online?.n));
    expect([Number(last?.login_up), Number(last?.game_up)]).toEqual([1, 1]);
  });

  it("rewards in Interlude's Coin of Luck only", async () => {
    expect(SETTINGS.rewards.coinItemId).toBe(INTERLUDE_COIN_OF_LUCK);
    const items = await connections.site.db.selectFrom('site_reward_queue').select('item_id').distinct().execute();
    expect(items.map((row) => Number(row.item_id))).toEqual([INTERLUDE_COIN_OF_LUCK]);
  });
});
