import type { MysqlPool, MysqlPoolConnection, MysqlQueryResult, MysqlStream, MysqlStreamOptions } from 'kysely';
import { type ConnectionOptions, type Pool, type PoolConnection, type QueryError, createConnection } from 'mysql2';
import { ServiceUnavailableError } from '../infra/unavailable';

/** How long a request may wait for the database; undefined waits as long as it takes. */
export interface DatabaseLimits {
  /** Until a query's answer arrives. */
  queryTimeoutMs: number;
  /** Until the pool hands out a connection (a free one, or a new one connected). */
  acquireTimeoutMs: number;
}

type QueryCallback = (error: unknown, result: MysqlQueryResult) => void;
type StreamingQuery = { stream: <T>(options: MysqlStreamOptions) => MysqlStream<T> };

/**
 * Asks the server to stop a query whose caller gave up, from a connection of its own: a write
 * waiting for a lock would otherwise still happen after the visitor was told to try again.
 * Resolves once the server confirmed, or after `boundMs` when it does not answer either.
 */
const killQuery = (options: ConnectionOptions, threadId: number, boundMs: number): Promise<void> =>
  new Promise((resolve) => {
    const killer = createConnection({ ...options, connectTimeout: boundMs });
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      killer.destroy();
      resolve();
    };
    const timer = setTimeout(finish, boundMs);
    killer.on('error', finish);
    killer.query('KILL QUERY ?', [threadId], finish);
  });

/** One pooled connection; after a query timed out it is dead: later queries fail at once. */
class BoundedConnection implements MysqlPoolConnection {
  private dead = false;

  constructor(
    private readonly raw: PoolConnection,
    private readonly limits: () => DatabaseLimits | undefined,
    private readonly options: ConnectionOptions,
  ) {}

  query(sql: string, parameters: unknown[]): StreamingQuery;
  query(sql: string, parameters: unknown[], callback: QueryCallback): void;
  query(sql: string, parameters: unknown[], callback?: QueryCallback): StreamingQuery | undefined {
    const limits = this.limits();
    const timeout = limits?.queryTimeoutMs;
    if (!callback) return this.raw.query({ sql, values: parameters, timeout });
    if (this.dead) {
      process.nextTick(callback, new ServiceUnavailableError('the database connection timed out'), []);
      return undefined;
    }
    let answered = false;
    void this.raw.query({ sql, values: parameters, timeout }, (error: QueryError | null, result: unknown) => {
      // mysql2 calls again when the server answers after the timeout.
      if (answered) return;
      answered = true;
      if (error?.code === 'PROTOCOL_SEQUENCE_TIMEOUT' && limits) {
        this.dead = true;
        const unavailable = new ServiceUnavailableError(`the database did not answer within ${timeout} ms`, {
          cause: error,
        });
        void killQuery(this.options, this.raw.threadId, limits.acquireTimeoutMs).then(() => callback(unavailable, []));
        return;
      }
      callback(error, result as MysqlQueryResult);
    });
    return undefined;
  }

  release(): void {
    // A connection with a query still running on the server cannot serve anyone else.
    if (this.dead) this.raw.destroy();
    else this.raw.release();
  }
}

/**
 * The mysql2 pool as Kysely's dialect uses it, with each query and each connection acquisition
 * bounded by `limits()` (mysql2's pool has no acquire timeout). A connection that arrives after
 * its caller gave up goes straight back to the pool.
 */
export const boundedPool = (
  pool: Pool,
  options: ConnectionOptions,
  limits: () => DatabaseLimits | undefined,
): MysqlPool => {
  const wrappers = new WeakMap<PoolConnection, BoundedConnection>();
  const wrap = (raw: PoolConnection) => {
    let wrapper = wrappers.get(raw);
    if (!wrapper) {
      wrapper = new BoundedConnection(raw, limits, options);
      wrappers.set(raw, wrapper);
    }
    return wrapper;
  };
  return {
    getConnection(callback) {
      const acquireMs = limits()?.acquireTimeoutMs;
      let waiting = true;
      const timer =
        acquireMs === undefined
          ? undefined
          : setTimeout(() => {
              waiting = false;
              callback(
                new ServiceUnavailableError(`no database connection within ${acquireMs} ms`),
                undefined as never,
              );
            }, acquireMs);
      pool.getConnection((error, raw) => {
        if (!waiting) {
          raw?.release();
          return;
        }
        waiting = false;
        clearTimeout(timer);
        if (error) callback(error, undefined as never);
        else callback(null, wrap(raw));
      });
    },
    end: (callback) => pool.end(callback),
  };
};
