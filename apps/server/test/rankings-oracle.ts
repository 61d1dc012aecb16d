import { type ClanRow, type ClassRow, type RankedValueRow, className } from '@gatekeeper/contract';
import type { Connections } from '../src/db/connections';
import { FLAVORS, type FlavorName } from '../src/game/flavors';

/**
 * The rankings worked out again in plain JavaScript from every row of the tables, by the rules
 * docs/owner/rankings.md states, with none of the SQL's shortcuts (index cuts, bounds, one-pass keys): the
 * answers of the site must match these exactly, on both dialects and in every flavour (its own
 * column names, and only the ban tables it has).
 */

interface Character {
  charId: number;
  account: string;
  name: string;
  pvp: number;
  pk: number;
  clanId: number;
  baseClass: number;
  accessLevel: number | null;
  deleteTime: number | null;
}

/** Names compare case-insensitively (NOCASE / utf8mb3_general_ci): ASCII names only in the tests. */
const byName = (a: { name: string; charId: number }, b: { name: string; charId: number }) => {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a.charId - b.charId;
};

const ranked = <T extends { name: string; charId: number; sortValue: number }>(rows: T[], limit: number) =>
  [...rows].sort((a, b) => b.sortValue - a.sortValue || byName(a, b)).slice(0, limit);

export const readWorld = async (
  connections: Connections,
  options: { eventStats?: boolean; now?: number; flavor?: FlavorName } = {},
) => {
  const now = options.now ?? Date.now();
  const flavor = FLAVORS[options.flavor ?? 'l2j'];
  const key = flavor.characters.key;
  const { login, game } = connections;
  // Only the tables the flavour has: aCis keeps no account_data and no punishments.
  const [accounts, accountData, punishments, characters, stats, clans, heroes] = await Promise.all([
    login.db
      .selectFrom('accounts')
      .select(['login', `${flavor.accounts.accessLevel} as accessLevel`])
      .execute(),
    flavor.bans.temporaryBanVar === null
      ? []
      : login.db.selectFrom('account_data').selectAll().where('var', '=', flavor.bans.temporaryBanVar).execute(),
    flavor.optionalColumns.game.punishments === undefined
      ? []
      : game.db.selectFrom('punishments').select(['key', 'affect', 'type', 'expiration']).execute(),
    game.db
      .selectFrom('characters')
      .select([
        `${key} as charId`,
        'account_name',
        'char_name',
        'pvpkills',
        'pkkills',
        'clanid',
        'base_class',
        'accesslevel',
        'deletetime',
      ])
      .execute(),
    options.eventStats === false ? [] : game.db.selectFrom('event_stats').selectAll().execute(),
    game.db.selectFrom('clan_data').selectAll().execute(),
    game.db
      .selectFrom('heroes')
      .select([`${flavor.heroes.characterKey} as charId`, 'count'])
      .execute(),
  ]);
  const activePunishment = (affect: string, key: string) =>
    punishments.some(
      (p) =>
        p.affect === affect &&
        p.type === 'BAN' &&
        p.key.toLowerCase() === key.toLowerCase() &&
        (Number(p.expiration) === 0 || Number(p.expiration) > now),
    );
  const banned = new Set([
    ...accounts.filter((a) => Number(a.accessLevel) < 0).map((a) => a.login.toLowerCase()),
    ...accountData.filter((d) => Number(d.value) > now).map((d) => d.account_name.toLowerCase()),
  ]);
  const all: Character[] = characters.map((c) => ({
    charId: Number(c.charId),
    account: c.account_name ?? '',
    name: c.char_name,
    pvp: Number(c.pvpkills ?? 0),
    pk: Number(c.pkkills ?? 0),
    clanId: Number(c.clanid ?? 0),
    baseClass: Number(c.base_class),
    accessLevel: c.accesslevel === null ? null : Number(c.accesslevel),
    deleteTime: c.deletetime === null ? null : Number(c.deletetime),
  }));
  const eligible = all.filter(
    (c) =>
      (c.accessLevel === null || c.accessLevel === 0) &&
      (c.deleteTime === null || c.deleteTime === 0) &&
      !banned.has(c.account.toLowerCase()) &&
      !activePunishment('ACCOUNT', c.account) &&
      !activePunishment('CHARACTER', String(c.charId)),
  );
  const clanName = new Map(clans.map((c) => [Number(c.clan_id), c.clan_name ?? '']));
  const nameOf = new Map(all.map((c) => [c.charId, c.name]));
  const row = (c: Character, value: number): RankedValueRow => ({
    name: c.name,
    value,
    clan: clanName.get(c.clanId) ?? '',
  });
  const statsOf = new Map(stats.map((s) => [Number(s.char_id), s]));
  const withStats = eligible.flatMap((c) => {
    const s = statsOf.get(c.charId);
    return s ? [{ ...c, stats: s }] : [];
  });

  return {
    eventStat(column: 'score' | 'assists' | 'kills' | 'deaths' | 'event_seconds', limit: number) {
      return ranked(
        withStats.map((c) => ({ ...c, sortValue: Number(c.stats[column]) })),
        limit,
      ).map((c) => row(c, c.sortValue));
    },
    eventHours(limit: number) {
      return this.eventStat('event_seconds', limit).map((r) => ({ ...r, value: Math.round(r.value / 360) / 10 }));
    },
    killDeathRatio(limit: number) {
      return ranked(
        withStats
          .filter((c) => Number(c.stats.kills) > 0)
          .map((c) => ({ ...c, sortValue: Number(c.stats.kills) / Math.max(Number(c.stats.deaths), 1) })),
        limit,
      ).map((c) => row(c, Math.round(c.sortValue * 100) / 100));
    },
    coreKills(columns: readonly ('pvp' | 'pk')[], limit: number) {
      return ranked(
        eligible.map((c) => ({ ...c, sortValue: columns.reduce((sum, column) => sum + c[column], 0) })),
        limit,
      ).map((c) => row(c, c.sortValue));
    },
    heroes(limit: number) {
      const countOf = new Map(heroes.map((h) => [Number(h.charId), Number(h.count)]));
      return ranked(
        eligible.filter((c) => countOf.has(c.charId)).map((c) => ({ ...c, sortValue: countOf.get(c.charId)! })),
        limit,
      ).map((c) => row(c, c.sortValue));
    },
    clans(limit: number): ClanRow[] {
      return clans
        .map((c) => ({
          clan: c.clan_name ?? '',
          leader: nameOf.get(Number(c.leader_id)) ?? '',
          level: Number(c.clan_level ?? 0),
          reputation: Number(c.reputation_score),
        }))
        .sort(
          (a, b) =>
            b.level - a.level ||
            b.reputation - a.reputation ||
            (a.clan.toLowerCase() < b.clan.toLowerCase() ? -1 : a.clan.toLowerCase() > b.clan.toLowerCase() ? 1 : 0),
        )
        .slice(0, limit);
    },
    classes(limit: number): ClassRow[] {
      const groups = new Map<number, Character[]>();
      for (const c of eligible) groups.set(c.baseClass, [...(groups.get(c.baseClass) ?? []), c]);
      return [...groups.entries()]
        .map(([classId, members]) => {
          const best = ranked(
            members.map((c) => ({ ...c, sortValue: c.pvp + c.pk })),
            1,
          )[0]!;
          return {
            classId,
            row: {
              classId,
              class: className(classId),
              count: members.length,
              topPlayer: best.name,
              playerKills: best.sortValue,
              totalKills: members.reduce((sum, c) => sum + c.pvp + c.pk, 0),
            },
          };
        })
        .sort((a, b) => b.row.count - a.row.count || b.row.totalKills - a.row.totalKills || a.classId - b.classId)
        .slice(0, limit)
        .map((entry) => entry.row);
    },
  };
};
