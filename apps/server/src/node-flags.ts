import nodeFlags from './node-flags.json';

/**
 * The Node flags the server runs with (apps/server/src/node-flags.json: `npm start`, `npm run serve`,
 * the bench and the owner's systemd unit pass them). `--no-memory-reducer` (decision 023): V8's
 * memory-reducing collection, run when the site looks idle, left the process paying about a
 * quarter more CPU for every small answer afterwards, for good.
 */
export const SERVER_NODE_FLAGS: readonly string[] = nodeFlags;

/** The flags this process was started without, from `process.execArgv`. */
export const missingNodeFlags = (execArgv: readonly string[]): string[] =>
  SERVER_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
