import { OFFLINE_STATUS, type ServerStatus, type StatusLight } from '@gatekeeper/contract';
import { type RefreshingValue, refreshingValue } from '../../infra/refreshing-value';
import { tcpProbe } from '../../infra/tcp-probe';

export const STATUS_REFRESH_MS = 15_000;
export const STATUS_PROBE_TIMEOUT_MS = 1_500;

const light = (open: boolean): StatusLight => (open ? { type: 'online', color: 'green' } : OFFLINE_STATUS);

export interface Address {
  host: string;
  port: number;
}

/**
 * The login and game server lights: TCP probes, refreshed in the background, read from memory,
 * with the players online while the game server's light is green. The count is the Online page's
 * latest sample (`playersOnline`, wired by app.ts), so the header and that page never disagree;
 * a failed read leaves it out rather than the lights.
 */
export const serverStatusSource = (deps: {
  login: Address;
  game: Address;
  playersOnline: () => Promise<number | null>;
}): RefreshingValue<string> =>
  refreshingValue({
    intervalMs: STATUS_REFRESH_MS,
    fallback: JSON.stringify({
      loginStatus: OFFLINE_STATUS,
      gameStatus: OFFLINE_STATUS,
      playersOnline: null,
    } satisfies ServerStatus),
    compute: async () => {
      const [login, game] = await Promise.all([
        tcpProbe(deps.login, STATUS_PROBE_TIMEOUT_MS),
        tcpProbe(deps.game, STATUS_PROBE_TIMEOUT_MS),
      ]);
      const playersOnline = game ? await deps.playersOnline().catch(() => null) : null;
      return JSON.stringify({
        loginStatus: light(login),
        gameStatus: light(game),
        playersOnline,
      } satisfies ServerStatus);
    },
  });

/** Whether the lights of a status answer (latest()) are green: the Online feature records them each minute. */
export const openServers = (answer: string): { login: boolean; game: boolean } => {
  const status = JSON.parse(answer) as ServerStatus;
  return { login: status.loginStatus.type === 'online', game: status.gameStatus.type === 'online' };
};
