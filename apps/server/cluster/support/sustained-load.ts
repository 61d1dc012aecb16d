import { Agent, request } from 'node:http';

export interface LoadOutcome {
  requests: number;
  /** Status codes other than 200, and how often. */
  statuses: Record<number, number>;
  /** Socket errors (a reset, a refused connection), by code. */
  errors: Record<string, number>;
  /** How many answers each instance gave (nginx's X-Upstream). */
  byUpstream: Record<string, number>;
}

/**
 * `requests` GETs of the given paths, shared by `connections` keep-alive connections, as browsers
 * ask: Node's agent, which honours `Connection: close`. (autocannon, the benchmark's load
 * generator, does not: it sends its next request on a connection nginx is closing after its
 * `keepalive_requests`, and counts the reset it gets as an error of the site.)
 */
export const sustainedLoad = async (
  base: string,
  paths: string[],
  { connections, requests }: { connections: number; requests: number },
): Promise<LoadOutcome> => {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const outcome: LoadOutcome = { requests: 0, statuses: {}, errors: {}, byUpstream: {} };
  const get = (path: string) =>
    new Promise<void>((done) => {
      const req = request(`${base}${path}`, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        response.resume();
        response.on('end', () => {
          outcome.requests += 1;
          const status = response.statusCode ?? 0;
          if (status !== 200) outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1;
          const upstream = String(response.headers['x-upstream'] ?? 'none');
          outcome.byUpstream[upstream] = (outcome.byUpstream[upstream] ?? 0) + 1;
          done();
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? error.message;
        outcome.errors[code] = (outcome.errors[code] ?? 0) + 1;
        done();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: connections }, async (_, lane) => {
      for (let i = lane; i < requests; i += connections) await get(paths[i % paths.length] ?? '/');
    }),
  );
  agent.destroy();
  return outcome;
};
