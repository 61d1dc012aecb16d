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

/** The login and game server lights: TCP probes, refreshed in the background, read from memory. */
export const serverStatusSource = (addresses: { login: Address; game: Address }): RefreshingValue<string> =>
  refreshingValue({
    intervalMs: STATUS_REFRESH_MS,
    fallback: JSON.stringify({ loginStatus: OFFLINE_STATUS, gameStatus: OFFLINE_STATUS } satisfies ServerStatus),
    compute: async () => {
      const [login, game] = await Promise.all([
        tcpProbe(addresses.login, STATUS_PROBE_TIMEOUT_MS),
        tcpProbe(addresses.game, STATUS_PROBE_TIMEOUT_MS),
      ]);
      return JSON.stringify({ loginStatus: light(login), gameStatus: light(game) } satisfies ServerStatus);
    },
  });

/** Whether the lights of a status answer (latest()) are green: the Online feature records them each minute. */
export const openServers = (answer: string): { login: boolean; game: boolean } => {
  const status = JSON.parse(answer) as ServerStatus;
  return { login: status.loginStatus.type === 'online', game: status.gameStatus.type === 'online' };
};
