import { OFFLINE_STATUS, type RealmStatus, type ServerStatus, type StatusLight } from '@gatekeeper/contract';
import { type RefreshingValue, refreshingValue } from '../../infra/refreshing-value';
import { tcpProbe } from '../../infra/tcp-probe';

export const STATUS_REFRESH_MS = 15_000;
export const STATUS_PROBE_TIMEOUT_MS = 1_500;

const light = (open: boolean): StatusLight => (open ? { type: 'online', color: 'green' } : OFFLINE_STATUS);

export interface Address {
  host: string;
  port: number;
}

/** A realm as its status light sees it (decision 049). */
export interface RealmProbe {
  slug: string;
  address: Address;
  /** Whether its game database answers (the realm's health). */
  available: () => boolean;
  /** Its players in the game; asked only while its light is green. */
  playersOnline: () => Promise<number | null>;
}

/** One round of probes: getserverstatus's answer, and each realm's status answer by slug. */
export interface StatusRound {
  answer: string;
  realms: ReadonlyMap<string, string>;
  /** Whether the first realm's login and game servers answered (the lights of `answer`, green or not). */
  open: { login: boolean; game: boolean };
}

const realmStatusOf = async (realm: RealmProbe, open: boolean): Promise<RealmStatus> => {
  const available = realm.available();
  const green = open && available;
  return {
    slug: realm.slug,
    gameStatus: light(green),
    playersOnline: green ? await realm.playersOnline().catch(() => null) : null,
    available,
  };
};

const offlineRound = (realms: readonly RealmProbe[]): StatusRound => ({
  answer: JSON.stringify({
    loginStatus: OFFLINE_STATUS,
    gameStatus: OFFLINE_STATUS,
    playersOnline: null,
    ...(realms.length > 1
      ? {
          realms: realms.map((realm) => ({
            slug: realm.slug,
            gameStatus: OFFLINE_STATUS,
            playersOnline: null,
            available: realm.available(),
          })),
        }
      : {}),
  } satisfies ServerStatus),
  realms: new Map(
    realms.map((realm) => [
      realm.slug,
      JSON.stringify({
        slug: realm.slug,
        gameStatus: OFFLINE_STATUS,
        playersOnline: null,
        available: realm.available(),
      } satisfies RealmStatus),
    ]),
  ),
  open: { login: false, game: false },
});

/**
 * The login and game server lights: TCP probes, refreshed in the background, read from memory,
 * with the players online while the game server's light is green. The first realm's fields are
 * today's: its light is its TCP probe, its count the Online page's latest sample (`playersOnline`
 * of the first realm, wired by app.ts), so the header and that page never disagree; a failed read
 * leaves it out rather than the lights. On a site of several realms, `realms` adds each one's
 * light, red while its database does not answer (decision 049).
 */
export const serverStatusSource = (deps: {
  login: Address;
  realms: readonly RealmProbe[];
}): RefreshingValue<StatusRound> =>
  refreshingValue({
    intervalMs: STATUS_REFRESH_MS,
    fallback: offlineRound(deps.realms),
    compute: async () => {
      const [login, ...games] = await Promise.all([
        tcpProbe(deps.login, STATUS_PROBE_TIMEOUT_MS),
        ...deps.realms.map((realm) => tcpProbe(realm.address, STATUS_PROBE_TIMEOUT_MS)),
      ]);
      const [first] = deps.realms;
      const game = games[0] === true;
      const [playersOnline, realms] = await Promise.all([
        game && first ? first.playersOnline().catch(() => null) : null,
        Promise.all(deps.realms.map((realm, index) => realmStatusOf(realm, games[index] === true))),
      ]);
      return {
        answer: JSON.stringify({
          loginStatus: light(login === true),
          gameStatus: light(game),
          playersOnline,
          ...(realms.length > 1 ? { realms } : {}),
        } satisfies ServerStatus),
        realms: new Map(realms.map((realm) => [realm.slug, JSON.stringify(realm)])),
        open: { login: login === true, game },
      };
    },
  });
