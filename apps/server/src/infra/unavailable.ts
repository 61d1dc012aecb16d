/**
 * A database or Redis that refused the connection, lost it, or did not answer in time: the
 * request may succeed in a minute, so it is answered 503 serviceUnavailable (errors.ts), not 500.
 */
export class ServiceUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ServiceUnavailableError';
  }
}

/** How long a 503 answer asks the caller to wait (Retry-After, seconds). */
export const RETRY_AFTER_SECONDS = 60;

const CONNECTION_ERROR_CODES = new Set([
  // Sockets (mysql2 and ioredis pass them on).
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // mysql2: the server went away, or a query's inactivity timeout.
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  // The server's own: too many connections, shutting down, a lock held too long.
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT',
  'SQLITE_BUSY',
]);

/**
 * ioredis rejects with plain errors whose message is all there is (Command timed out: the
 * commandTimeout; Connection is closed.: after quit) or with MaxRetriesPerRequestError while it
 * reconnects; mysql2 with a message only when a closed connection is reused.
 */
const UNAVAILABLE_MESSAGES = [
  'Command timed out',
  'Connection is closed.',
  "Can't add new command when connection is in closed state",
];

export const isServiceUnavailable = (error: unknown): boolean => {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof ServiceUnavailableError || current.name === 'MaxRetriesPerRequestError') return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.includes(current.message)) return true;
    current = current.cause;
  }
  return false;
};
