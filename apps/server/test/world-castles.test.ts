import { api } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { GameDatabase } from '../src/db/tables';
import { castleRows } from '../src/features/world/castle-answer';
import type { CastleState } from '../src/game/castles';
import type { FlavorName } from '../src/game/flavors';
import { checkGameSchema } from '../src/game/schema-check';
import type { DatabaseKind } from './databases';
import { FLAVOR_KINDS } from './support/flavored-world';
import { useSite } from './support/use-site';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const MINUTE = 60_000;
const DAY = 86_400_000;

const CLANS = [
  { clan_id: 900_001, clan_name: 'Lionhearts', ally_name: 'Crown Pact', hasCastle: 1 },
  { clan_id: 900_002, clan_name: 'Wanderers', ally_name: null, hasCastle: 3 },
  { clan_id: 900_003, clan_name: 'Stormriders', ally_name: null, hasCastle: 0 },
  { clan_id: 900_004, clan_name: 'Ashborn', ally_name: 'Ember League', hasCastle: 0 },
  { clan_id: 900_005, clan_name: 'Oathkeepers', ally_name: null, hasCastle: 0 },
  { clan_id: 900_006, clan_name: 'Latecomers', ally_name: null, hasCastle: 0 },
];

/** A castle owned with a siege ahead, one held by no clan with no date, one under siege, one with a date gone by. */
const CASTLES = [
  { id: 1, name: 'Gludio', taxPercent: 12, treasury: 5_000_000, siegeDate: NOW + 3 * DAY },
  { id: 2, name: 'Dion', taxPercent: 0, treasury: 0, siegeDate: 0 },
  { id: 3, name: 'Giran', taxPercent: 15, treasury: 70_000, siegeDate: NOW - 30 * MINUTE },
  { id: 4, name: 'Oren', taxPercent: 0, treasury: 0, siegeDate: NOW - 10 * DAY },
];

/** Each side in the flavour's own siege_clans.type (docs/game/castles.md). */
const SIDES: Record<FlavorName, Record<'owner' | 'attacker' | 'defender' | 'waiting', number | string>> = {
  l2j: { owner: 0, attacker: 1, defender: 0, waiting: 2 },
  acis: { owner: 'OWNER', attacker: 'ATTACKER', defender: 'DEFENDER', waiting: 'PENDING' },
};

const buildWorld = async (game: Kysely<GameDatabase>, flavor: FlavorName) => {
  // The suite's own castles and clans instead of the demo world's.
  await game.deleteFrom('siege_clans').execute();
  await game.deleteFrom('castle').execute();
  await game.updateTable('clan_data').set({ hasCastle: 0 }).execute();
  await game
    .insertInto('clan_data')
    .values(CLANS.map((clan) => ({ ...clan, clan_level: 5, reputation_score: 0, leader_id: 0 })))
    .execute();
  await game.insertInto('castle').values(CASTLES).execute();
  const side = SIDES[flavor];
  const registrations = [
    { castle_id: 1, clan_id: 900_001, type: side.owner },
    { castle_id: 1, clan_id: 900_003, type: side.attacker },
    { castle_id: 1, clan_id: 900_004, type: side.attacker },
    { castle_id: 1, clan_id: 900_005, type: side.defender },
    { castle_id: 1, clan_id: 900_006, type: side.waiting },
    // A clan disbanded since it registered: its row stays, no clan_data row names it.
    { castle_id: 1, clan_id: 999_999, type: side.attacker },
    { castle_id: 3, clan_id: 900_005, type: side.attacker },
  ];
  await game.insertInto('siege_clans').values(registrations).execute();
};

describe.each(FLAVOR_KINDS)('castles on %s tables in %s', (flavor: FlavorName, kind: DatabaseKind) => {
  const site = useSite(kind, {
    databases: { flavor },
    prepare: (databases) => buildWorld(databases.connections.game.db, flavor),
    app: { now: () => NOW, settings: { world: { castleTreasury: true } } },
  });

  it('answers getcastles with owners, alliances, taxes, siege dates and both sides registered', async () => {
    const response = await fetch(`${site.url}${api.getCastles.path}`);
    expect(response.status).toBe(200);
    const rows = api.getCastles.response.parse(await response.json());
    expect(rows).toEqual([
      {
        id: 1,
        name: 'Gludio',
        owner: { clan: 'Lionhearts', alliance: 'Crown Pact' },
        taxPercent: 12,
        treasury: 5_000_000,
        siegeAt: NOW + 3 * DAY,
        siegeUnderway: false,
        attackers: ['Ashborn', 'Stormriders'],
        defenders: ['Oathkeepers'],
      },
      {
        id: 2,
        name: 'Dion',
        owner: null,
        taxPercent: 0,
        treasury: 0,
        siegeAt: null,
        siegeUnderway: false,
        attackers: [],
        defenders: [],
      },
      {
        id: 3,
        name: 'Giran',
        owner: { clan: 'Wanderers', alliance: '' },
        taxPercent: 15,
        treasury: 70_000,
        siegeAt: NOW - 30 * MINUTE,
        siegeUnderway: true,
        attackers: ['Oathkeepers'],
        defenders: [],
      },
      {
        id: 4,
        name: 'Oren',
        owner: null,
        taxPercent: 0,
        treasury: 0,
        siegeAt: null,
        siegeUnderway: false,
        attackers: [],
        defenders: [],
      },
    ]);
  });

  it("finds the castle tables at start-up in the emulator's own form", async () => {
    const schema = await checkGameSchema(site.databases.connections, { flavor });
    expect(schema.hasCastles).toBe(true);
  });

  it('describes getcastles in /sdk/openapi.json', async () => {
    const document = (await (await fetch(`${site.url}/sdk/openapi.json`)).json()) as {
      paths: Record<string, { get: { operationId: string } }>;
    };
    expect(document.paths[api.getCastles.path]?.get.operationId).toBe('getCastles');
  });
});

describe('a site whose owner set world.castleTreasury to false', () => {
  const site = useSite('sqlite', {
    databases: { flavor: 'l2j' },
    prepare: (databases) => buildWorld(databases.connections.game.db, 'l2j'),
    app: { now: () => NOW, settings: { world: { castleTreasury: false } } },
  });

  it('answers no treasury for any castle, the setting being there and false', async () => {
    const rows = api.getCastles.response.parse(await (await fetch(`${site.url}${api.getCastles.path}`)).json());
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).not.toHaveProperty('treasury');
  });
});

describe('what a castle tells (world.castleTreasury, the siege length)', () => {
  const castle: CastleState = {
    id: 5,
    name: 'Aden',
    taxPercent: 10,
    treasury: 123_456,
    siegeDate: NOW + 2 * DAY,
    owner: { clan: 'Lionhearts', alliance: '' },
    attackers: [],
    defenders: [],
  };
  const options = { treasury: false, siegeLengthMs: 120 * MINUTE, now: NOW };

  it('leaves the treasury out by default', () => {
    expect(castleRows([castle], options)[0]).not.toHaveProperty('treasury');
    expect(castleRows([castle], { ...options, treasury: true })[0]).toMatchObject({ treasury: 123_456 });
  });

  it('counts a siege under way from its start for the siege length, then no date until the game sets one', () => {
    const at = (now: number) => castleRows([castle], { ...options, now })[0]!;
    expect(at(castle.siegeDate - 1)).toMatchObject({ siegeAt: castle.siegeDate, siegeUnderway: false });
    expect(at(castle.siegeDate)).toMatchObject({ siegeAt: castle.siegeDate, siegeUnderway: true });
    expect(at(castle.siegeDate + 120 * MINUTE - 1)).toMatchObject({ siegeUnderway: true });
    expect(at(castle.siegeDate + 120 * MINUTE)).toMatchObject({ siegeAt: null, siegeUnderway: false });
  });

  it('lists the castles by id, the game order', () => {
    const rows = castleRows([{ ...castle, id: 9, name: 'Schuttgart' }, castle], options);
    expect(rows.map((row) => row.name)).toEqual(['Aden', 'Schuttgart']);
  });
});
