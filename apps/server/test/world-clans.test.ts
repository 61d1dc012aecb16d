import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLAN_CREST_PATH, type ServerStatus, api, clanCrestHref } from '@gatekeeper/contract';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestDatabases } from './databases';
import type { DatabaseKind } from './databases';
import { characterRow } from '../src/game/character-row';
import { type Rgb565Pixel, dxt1Dds } from '../src/game/dds-writer';
import type { FlavorName } from '../src/game/flavors';
import { clanDirectory } from '../src/features/clans/clan-directory';
import { checkGameSchema } from '../src/game/schema-check';
import { FLAVOR_KINDS, flavoredWorld } from './support/flavored-world';
import { listeningServer } from './support/listening-server';
import { useSite } from './support/use-site';

const CREST_ID = 1_900_001;
const BROKEN_CREST_ID = 1_900_002;
const MISSING_CREST_ID = 1_900_003;
/** A crest whose header claims 0x7fffffff mipmaps (a 256-byte row the game stores as the client sent it). */
const HOSTILE_CREST_ID = 1_900_004;
/** aCis: a crest file of 100 MB in the game's folder. */
const HUGE_CREST_ID = 1_900_005;
const HUGE_CREST_BYTES = 100 * 1024 * 1024;

/** The known crest with its header set to claim 0x7fffffff mipmaps, as an attacker's client can send it. */
const hostileCrest = (crest: Buffer): Buffer => {
  const bytes = Buffer.from(crest);
  bytes.writeUInt32LE(bytes.readUInt32LE(8) | 0x20000, 8); // DDSD_MIPMAPCOUNT
  bytes.writeUInt32LE(0x7fffffff, 28); // dwMipMapCount
  bytes.writeUInt32LE(0x1000 | 0x400000 | 0x8, 108); // DDSCAPS_TEXTURE | MIPMAP | COMPLEX
  return bytes;
};

/**
 * The crest's known picture, 16×16 as the client sends a clan's crest: red bands over blue on the
 * left, green on the right, and a transparent lower right corner. Each colour is one an RGB565
 * value holds exactly, so the PNG must give these very bytes.
 */
const RED = 0xf800;
const GREEN = 0x07e0;
const BLUE = 0x001f;
const WHITE = 0xffff;
const crestPixel = (x: number, y: number): Rgb565Pixel => {
  if (x >= 12 && y >= 12) return null;
  if (y % 4 < 2) return x < 8 ? RED : WHITE;
  return x < 8 ? BLUE : GREEN;
};
const EXPECTED_RGBA: Record<string, [number, number, number, number]> = {
  [RED]: [255, 0, 0, 255],
  [GREEN]: [0, 255, 0, 255],
  [BLUE]: [0, 0, 255, 255],
  [WHITE]: [255, 255, 255, 255],
  null: [0, 0, 0, 0],
};

const CLANS = [
  {
    clan_id: 9_001,
    clan_name: 'Crestbearers',
    clan_level: 8,
    reputation_score: 42_000,
    leader_id: 8_001,
    ally_name: 'Dawn Pact',
    hasCastle: 5,
    crest_id: CREST_ID,
  },
  {
    clan_id: 9_002,
    clan_name: 'Plainfolk',
    clan_level: 2,
    reputation_score: 10,
    leader_id: 8_010,
    ally_name: null,
    hasCastle: 0,
    crest_id: 0,
  },
  {
    clan_id: 9_003,
    clan_name: 'Brokencrest',
    clan_level: 4,
    reputation_score: 500,
    leader_id: 8_020,
    ally_name: null,
    hasCastle: 0,
    crest_id: BROKEN_CREST_ID,
  },
  {
    clan_id: 9_004,
    clan_name: 'Lostcrest',
    clan_level: 3,
    reputation_score: 300,
    leader_id: 8_030,
    ally_name: null,
    hasCastle: 0,
    crest_id: MISSING_CREST_ID,
  },
  {
    clan_id: 9_005,
    clan_name: 'Hostilecrest',
    clan_level: 1,
    reputation_score: 0,
    leader_id: 8_040,
    ally_name: null,
    hasCastle: 0,
    crest_id: HOSTILE_CREST_ID,
  },
  {
    clan_id: 9_006,
    clan_name: 'Hugecrest',
    clan_level: 1,
    reputation_score: 0,
    leader_id: 8_050,
    ally_name: null,
    hasCastle: 0,
    crest_id: HUGE_CREST_ID,
  },
];

const MEMBERS = [
  { charId: 8_002, char_name: 'Archerine', clanid: 9_001, level: 80, classid: 92, online: 1 },
  { charId: 8_001, char_name: 'Leadora', clanid: 9_001, level: 76, classid: 88, online: 0 },
  { charId: 8_003, char_name: 'Bladeon', clanid: 9_001, level: 80, classid: 90, online: 1 },
  { charId: 8_004, char_name: 'Tradesy', clanid: 9_001, level: 60, classid: 117, online: 2 },
  // Deleted in the game (deletetime set): no member any more, though its clanid stays.
  { charId: 8_006, char_name: 'Gonealready', clanid: 9_001, level: 70, classid: 88, online: 0, deletetime: 1 },
  { charId: 8_010, char_name: 'Plainhead', clanid: 9_002, level: 40, classid: 0, online: 0 },
  { charId: 8_020, char_name: 'Brokenhead', clanid: 9_003, level: 50, classid: 0, online: 0 },
  { charId: 8_030, char_name: 'Losthead', clanid: 9_004, level: 45, classid: 0, online: 0 },
  { charId: 8_040, char_name: 'Hostilehead', clanid: 9_005, level: 20, classid: 0, online: 0 },
  { charId: 8_050, char_name: 'Hugehead', clanid: 9_006, level: 20, classid: 0, online: 0 },
];

const crestFolders: string[] = [];
afterAll(() => {
  for (const folder of crestFolders) rmSync(folder, { recursive: true, force: true });
});

/** The suite's clans, members and crests: in L2J's crests table, or as aCis's Crest_<id>.dds files. */
const buildWorld = async (flavor: FlavorName, databases: TestDatabases, crestFolder: string) => {
  const game = databases.connections.game.db;
  const world = flavoredWorld(flavor);
  await game.insertInto('clan_data').values(CLANS).execute();
  await world.insertCharacters(
    game,
    MEMBERS.map((member) => characterRow({ ...member, account_name: 'clanfolk', base_class: member.classid })),
  );
  const crest = dxt1Dds(16, 16, crestPixel);
  const broken = Buffer.from('DDS not a picture at all, only text');
  if (flavor === 'l2j') {
    await game
      .insertInto('crests')
      .values([
        { crest_id: CREST_ID, data: crest, type: 1 },
        { crest_id: BROKEN_CREST_ID, data: broken, type: 1 },
        { crest_id: HOSTILE_CREST_ID, data: hostileCrest(crest), type: 1 },
      ])
      .execute();
  } else {
    writeFileSync(join(crestFolder, `Crest_${CREST_ID}.dds`), crest);
    writeFileSync(join(crestFolder, `Crest_${BROKEN_CREST_ID}.dds`), broken);
    writeFileSync(join(crestFolder, `Crest_${HOSTILE_CREST_ID}.dds`), hostileCrest(crest));
    // 100 MB that start as a crest (sparse: the disk holds one crest's bytes).
    const huge = join(crestFolder, `Crest_${HUGE_CREST_ID}.dds`);
    writeFileSync(huge, crest);
    truncateSync(huge, HUGE_CREST_BYTES);
  }
};

const getClan = async (url: string, name: string) => {
  const response = await fetch(`${url}${api.getClan.path}?name=${encodeURIComponent(name)}`);
  expect(response.status).toBe(200);
  return api.getClan.response.parse(await response.json());
};

describe.each(FLAVOR_KINDS)('clan pages on %s tables in %s', (flavor: FlavorName, kind: DatabaseKind) => {
  const crestFolder = mkdtempSync(join(tmpdir(), 'gatekeeper-crests-'));
  crestFolders.push(crestFolder);
  // The game server's port is up: its light is green, so the members flagged online are in the game.
  let gameServer: Awaited<ReturnType<typeof listeningServer>> | undefined;
  const site = useSite(kind, {
    databases: { flavor },
    prepare: (databases) => buildWorld(flavor, databases, crestFolder),
    app: async () => {
      gameServer = await listeningServer();
      return {
        settings: { clans: { crestFolder: flavor === 'acis' ? crestFolder : '' } },
        env: { GAME_SERVER_ADDRESS: `127.0.0.1:${gameServer.port}` },
      };
    },
  });
  afterAll(() => gameServer?.close());

  const gameLightGreen = async () => {
    await expect
      .poll(async () => {
        const status = (await (await fetch(`${site.url}${api.getServerStatus.path}`)).json()) as ServerStatus;
        return status.gameStatus.type;
      })
      .toBe('online');
  };

  it('answers a clan in any case: leader, level, reputation, alliance, castle, crest, members and how many play', async () => {
    await gameLightGreen();
    const clan = await getClan(site.url, 'cRESTBEARERS');
    expect(clan).toEqual({
      name: 'Crestbearers',
      leader: 'Leadora',
      level: 8,
      reputation: 42_000,
      alliance: 'Dawn Pact',
      castleId: 5,
      crestId: CREST_ID,
      // An offline trader (online 2) is not playing.
      online: 2,
      members: [
        { name: 'Leadora', classId: 88, level: 76, online: false },
        { name: 'Archerine', classId: 92, level: 80, online: true },
        { name: 'Bladeon', classId: 90, level: 80, online: true },
        { name: 'Tradesy', classId: 117, level: 60, online: false },
      ],
    });
  });

  it('shows nobody in the game while the game server is down, whatever the stale online flags say', async () => {
    const schema = await checkGameSchema(site.databases.connections, { flavor });
    const directory = clanDirectory({
      game: site.databases.connections.game.db,
      schema,
      crestFolder: flavor === 'acis' ? crestFolder : '',
      refreshMs: 60_000,
      log: { warn: () => undefined },
      gameServerUp: () => false,
    });
    try {
      await directory.start(5_000);
      const answer = await directory.find('Crestbearers');
      expect(answer?.view.online).toBe(0);
      expect(answer?.view.members.map((member) => member.online)).toEqual([false, false, false, false]);
    } finally {
      directory.stop();
    }
  });

  it('answers null for a name no clan has, and refuses a name longer than any clan name', async () => {
    expect(await getClan(site.url, 'Nobodyhere')).toBeNull();
    const tooLong = await fetch(`${site.url}${api.getClan.path}?name=${'x'.repeat(65)}`);
    expect(tooLong.status).toBe(400);
  });

  it('gives the crest stored as DDS back as the same picture in PNG, kept a year with its ETag', async () => {
    const response = await fetch(`${site.url}${clanCrestHref(CREST_ID)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    expect([png.width, png.height]).toEqual([16, 16]);
    for (let y = 0; y < 16; y++) {
      for (let x = 0; x < 16; x++) {
        const at = (y * 16 + x) * 4;
        expect([...png.data.subarray(at, at + 4)], `pixel ${x},${y}`).toEqual(EXPECTED_RGBA[String(crestPixel(x, y))]);
      }
    }
    const again = await fetch(`${site.url}${clanCrestHref(CREST_ID)}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('shows the plain emblem for a clan without a crest, with one that does not decode, and with one that is missing', async () => {
    expect((await getClan(site.url, 'Plainfolk'))?.crestId).toBeNull();
    expect((await getClan(site.url, 'Brokencrest'))?.crestId).toBeNull();
    expect((await getClan(site.url, 'Lostcrest'))?.crestId).toBeNull();
    for (const id of [BROKEN_CREST_ID, MISSING_CREST_ID, 12_345, 'abc']) {
      const response = await fetch(`${site.url}${CLAN_CREST_PATH}?id=${id}`);
      expect(response.status, `crest ${id}`).toBe(404);
      // Not kept: an aCis crest file may arrive later, and the clan's next crest is asked again.
      expect(response.headers.get('cache-control'), `crest ${id}`).toBe('no-store');
    }
  });

  it('serves its pages while the worst crests one can craft are asked for: only the first picture is decoded, a huge file is not read', async () => {
    const crests = [HOSTILE_CREST_ID, HUGE_CREST_ID].flatMap((id) =>
      [1, 2, 3].map(() => fetch(`${site.url}${clanCrestHref(id)}`)),
    );
    const clans = ['Hostilecrest', 'Hugecrest'].map((name) => getClan(site.url, name));
    const health = fetch(`${site.url}/healthz`);
    const other = getClan(site.url, 'Plainfolk');
    expect((await health).status).toBe(200);
    expect((await other)?.name).toBe('Plainfolk');
    const [hostile, huge] = await Promise.all(clans);
    // The header beyond the first picture is not believed: the crest shows as the client drew it.
    expect(hostile?.crestId).toBe(HOSTILE_CREST_ID);
    const [first] = await Promise.all(crests);
    expect(first!.status).toBe(200);
    expect(PNG.sync.read(Buffer.from(await first!.arrayBuffer())).width).toBe(16);
    // L2J has no such row (its column holds 2,176 bytes); an aCis file of 100 MB shows the plain emblem.
    expect(huge?.crestId).toBeNull();
    for (const response of (await Promise.all(crests)).slice(3)) expect(response.status).toBe(404);
  });

  it('answers a clan asked again from memory, as the first time', async () => {
    const first = await getClan(site.url, 'Plainfolk');
    await site.databases.connections.game.db.deleteFrom('characters').where('char_name', '=', 'Plainhead').execute();
    expect(await getClan(site.url, 'plainfolk')).toEqual(first);
  });
});
