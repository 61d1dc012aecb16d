import { createHash } from 'node:crypto';
import type { ClanView } from '@gatekeeper/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { GameDatabase } from '../../db/tables';
import { type ClanEntry, type ClanMemberRow, readClanDirectory, readClanMembers } from '../../game/clans';
import { type CrestSource, ddsToPng, readClanCrest } from '../../game/crests';
import type { GameRealm } from '../../game/game-realm';
import type { GameSchema } from '../../game/schema-check';
import type { RealmChoice } from '../../infra/realm-read';
import { type EncodedAnswer, encodeAnswer } from '../../infra/encoded-answer';
import { refreshingValue } from '../../infra/refreshing-value';
import { type SharedRefresh, sharedName } from '../../infra/shared-refresh';

/** A clan's page data, with its getclan answer serialized and compressed once. */
export interface ClanAnswer {
  view: ClanView;
  encoded: EncodedAnswer;
}

/** A decoded crest: its PNG and the validator its answers carry. */
export interface CrestPicture {
  png: Buffer;
  etag: string;
}

/** Clans whose pages are kept in memory at once (a clan's page is read again when it is asked after that). */
const CLANS_KEPT = 2_000;
/** Decoded crests kept: a crest id's picture never changes (a new crest gets a new id). */
const CRESTS_KEPT = 4_000;

export interface ClanDirectory {
  /**
   * A clan's page data when it is in memory and fresh; null for a name no clan has; undefined
   * when it has to be read first (find does).
   */
  ready(name: string): ClanAnswer | null | undefined;
  /** A clan's page data, read when not in memory; null for a name no clan has. */
  find(name: string): Promise<ClanAnswer | null>;
  /** A crest of a known clan, decoded; undefined when not decoded yet; null when none or not decodable. */
  readyCrest(crestId: number): CrestPicture | null | undefined;
  crest(crestId: number): Promise<CrestPicture | null>;
  start(waitMs: number): Promise<void>;
  refresh(): Promise<void>;
  stop(): void;
}

export interface ClanDirectoryOptions {
  game: Kysely<GameDatabase>;
  schema: Pick<GameSchema, 'flavor' | 'hasCrests'>;
  crestFolder: string;
  refreshMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  shared?: SharedRefresh;
  /** Whether the game server's light is green: while it is not, no member is shown in the game. */
  gameServerUp?: () => boolean;
  /** The realm of a site's realm after the first (decision 049): its list is shared under a name of its own. */
  realm?: string;
  /** Runs each read of the game database: a realm that is down is not asked (decision 049). */
  guard?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** The key a clan is found by: its name in lower case (clan_name compares in any case). */
const keyOf = (name: string) => name.toLowerCase();

/** Members as the page lists them: the leader first, then by level (highest first) and name. */
const orderMembers = (members: readonly ClanMemberRow[], leader: string): ClanMemberRow[] =>
  [...members].sort(
    (a, b) =>
      Number(b.name === leader) - Number(a.name === leader) || b.level - a.level || a.name.localeCompare(b.name, 'en'),
  );

/**
 * The clan pages' data (decision 039). The list of clans (one row per clan, no members) is read
 * in the background every `refreshMs`, once across instances, so an unknown name is answered
 * from memory without a query. A clan's members and crest are read when its page is first asked
 * and kept for `refreshMs` (at most one members query per clan per period, on one indexed
 * column), since reading every clan's members every period would read most of `characters`.
 * Decoded crests are kept by crest id.
 */
export const clanDirectory = (options: ClanDirectoryOptions): ClanDirectory => {
  const crestSource: CrestSource = { game: options.game, schema: options.schema, crestFolder: options.crestFolder };
  const sharedAs = sharedName('clans', {
    flavor: options.schema.flavor.name,
    ...(options.realm ? { realm: options.realm } : {}),
  });
  const guarded = options.guard ?? ((work) => work());

  const readList = (): Promise<string> =>
    guarded(async () => JSON.stringify(await readClanDirectory(options.game, options.schema)));
  const list = refreshingValue<Map<string, ClanEntry>>({
    compute: async () => {
      const json = options.shared
        ? await options.shared.value(sharedAs, options.refreshMs, readList)
        : await readList();
      const entries = JSON.parse(json) as ClanEntry[];
      return new Map(entries.map((entry) => [keyOf(entry.name), entry]));
    },
    fallback: new Map(),
    intervalMs: options.refreshMs,
    onError: (error) =>
      options.log.warn({ err: error }, 'clans: the game database did not answer; clan pages are not found meanwhile'),
  });
  let listed = false;

  // A crest that could not be read is asked again after a period (an aCis file may come later).
  const crests = new LRUCache<number, CrestPicture | false>({
    max: CRESTS_KEPT,
    fetchMethod: async (crestId, _stale, { options: fetchOptions }) => {
      const dds = await guarded(() => readClanCrest(crestSource, crestId));
      const png = dds && ddsToPng(dds);
      if (!png) {
        fetchOptions.ttl = options.refreshMs;
        return false;
      }
      return { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"` };
    },
  });
  const crestOf = async (crestId: number | null): Promise<CrestPicture | null> =>
    crestId === null ? null : ((await crests.fetch(crestId)) ?? null) || null;

  const clans = new LRUCache<string, ClanAnswer>({
    max: CLANS_KEPT,
    ttl: options.refreshMs,
    fetchMethod: async (key) => {
      const entry = list.latest().get(key);
      if (!entry) return undefined;
      const [members, crest] = await Promise.all([
        guarded(() => readClanMembers(options.game, options.schema, entry.id)),
        crestOf(entry.crestId),
      ]);
      const ordered = orderMembers(members, entry.leader);
      const up = options.gameServerUp?.() ?? true;
      const view: ClanView = {
        name: entry.name,
        leader: entry.leader,
        level: entry.level,
        reputation: entry.reputation,
        alliance: entry.alliance,
        castleId: entry.castleId,
        crestId: crest ? entry.crestId : null,
        online: up ? ordered.filter((member) => member.online === 1).length : 0,
        members: ordered.map((member) => ({
          name: member.name,
          classId: member.classId,
          level: member.level,
          online: up && member.online === 1,
        })),
      };
      return { view, encoded: await encodeAnswer(JSON.stringify(view)) };
    },
  });

  // The crest ids of the clans listed, made once per list read.
  const crestIdsOf = new WeakMap<Map<string, ClanEntry>, Set<number | null>>();
  const crestIds = () => {
    const latest = list.latest();
    let ids = crestIdsOf.get(latest);
    if (!ids) {
      ids = new Set([...latest.values()].map((entry) => entry.crestId));
      crestIdsOf.set(latest, ids);
    }
    return ids;
  };

  return {
    ready(name) {
      const key = keyOf(name);
      if (!list.latest().has(key)) return listed ? null : undefined;
      return clans.get(key);
    },
    async find(name) {
      await list.get();
      const key = keyOf(name);
      if (!list.latest().has(key)) return null;
      return (await clans.fetch(key)) ?? null;
    },
    readyCrest(crestId) {
      if (listed && !crestIds().has(crestId)) return null;
      const picture = crests.get(crestId);
      return picture === undefined ? undefined : picture || null;
    },
    async crest(crestId) {
      await list.get();
      // Only a crest some clan has: an id asked at random costs no read.
      if (!crestIds().has(crestId)) return null;
      return crestOf(crestId);
    },
    start: async (waitMs) => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        list.get().then(() => {
          listed = true;
        }),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timer);
    },
    refresh: async () => {
      await list.refresh();
      listed = true;
      clans.clear();
    },
    stop: () => list.stop(),
  };
};

/** The clan pages of every realm (decision 049): a directory per realm, chosen by its slug. */
export interface RealmClanDirectories {
  choice: RealmChoice;
  /** A realm's directory; undefined for a slug no realm has, or a realm whose flavour is not known yet. */
  of(slug: string): ClanDirectory | undefined;
  start(waitMs: number): Promise<void>;
  stop(): void;
}

/**
 * One directory per realm, each on its realm's game database; a realm that started down gets its
 * directory once its database first answered.
 */
export const realmClanDirectories = (
  realms: readonly GameRealm[],
  options: Omit<ClanDirectoryOptions, 'game' | 'schema' | 'realm' | 'guard' | 'gameServerUp'> & {
    /** Whether a realm's game server light is green, by slug. */
    gameServerUp?: (slug: string) => boolean;
  },
): RealmClanDirectories => {
  const directories = new Map<string, ClanDirectory>();
  const bySlug = new Map(realms.map((realm) => [realm.slug, realm]));
  const of = (slug: string): ClanDirectory | undefined => {
    const realm = bySlug.get(slug);
    const schema = realm?.schema();
    if (!realm || !schema) return undefined;
    let directory = directories.get(slug);
    if (!directory) {
      directory = clanDirectory({
        ...options,
        game: realm.game,
        schema,
        realm: realm.first ? undefined : realm.slug,
        guard: (work) => realm.read(() => work()),
        gameServerUp: options.gameServerUp && (() => options.gameServerUp!(slug)),
      });
      directories.set(slug, directory);
    }
    return directory;
  };
  return {
    choice: { slugs: realms.map((realm) => realm.slug), isUp: (slug) => bySlug.get(slug)?.isUp() ?? false },
    of,
    start: async (waitMs) => {
      await Promise.all(realms.map((realm) => of(realm.slug)?.start(waitMs)));
    },
    stop: () => {
      for (const directory of directories.values()) directory.stop();
    },
  };
};
