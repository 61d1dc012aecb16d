import pretty from 'pino-pretty';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { prepareDatabases } from './prepare-databases';
import { DEMO_ACCOUNTS } from './game/demo-seed';
import { SchemaError } from './game/schema-check';
import { loadSettings } from './settings';
import { missingNodeFlags } from './node-flags';
import { ownerNotices } from './owner-notices';
import { totpKeyFileOf } from './totp-key';
import { startupSummary } from './startup-summary';
import { seedEmbeddedRealms, withDemoRealms } from './features/realms/demo-realms';
import { declareRealms } from './features/realms/realm-declarations';

/**
 * In a terminal the log is read by a person: pino-pretty's lines, and a summary at the end of
 * the start. Elsewhere (a service manager, a container) it stays one JSON object per line.
 */
const terminal = process.stdout.isTTY === true;
const logStream = terminal
  ? pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,migrations', sync: true })
  : process.stdout;

/** The log before the app (and its logger) exists: the same lines, through the same stream. */
const startupLog = {
  info: (first: string | object, message?: string) => {
    const fields = typeof first === 'string' ? { msg: first } : { ...first, msg: message };
    logStream.write(`${JSON.stringify({ level: 30, time: Date.now(), ...fields })}\n`);
  },
};

/** How long a stopping instance waits for the requests in flight before it closes their connections. */
const SHUTDOWN_GRACE_MS = 3_000;

const start = async () => {
  // `npm start`'s demo is two realms (decision 049); any other site is as its settings say.
  const loaded = loadConfig();
  const { config, settings } = withDemoRealms(process.env, loadSettings(loaded.SETTINGS_FILE), loaded);
  const { connections, schema, embedded } = await prepareDatabases(config, startupLog, settings);
  // An embedded site's realms after the first get their demo worlds on their first run.
  if (embedded) await seedEmbeddedRealms(declareRealms(settings, config), schema.flavor, startupLog);
  const app = await buildApp({ config, settings, connections, schema, logStream, noticesInSummary: terminal });

  // Stop taking connections, finish the requests in flight (for 3 s at most) and hand back claimed
  // work (the app's onClose hooks), then close the databases those hooks still write to; all
  // within 10 s.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    // A keep-alive connection whose request finishes during the close would stay open until its
    // idle timeout: close each one as soon as its answer is out.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    idleSweep.unref();
    // The close hooks wait for the requests in flight: one still arriving after the grace (a body
    // sent a byte at a time) is cut off, so that it cannot hold them past the forced exit.
    const cutOff = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    cutOff.unref();
    app
      .close()
      .then(() => connections.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Gatekeeper is serving ${config.PUBLIC_URL} (listening on ${config.HOST}:${config.PORT})`);
  const missing = missingNodeFlags(process.execArgv);
  if (missing.length > 0) {
    app.log.warn(
      { missingNodeFlags: missing },
      `started without ${missing.join(' ')}: small answers cost about a quarter more CPU once the site has been quiet for a moment; start it as \`node ${missing.join(' ')} apps/server/dist/main.js\` (docs/owner/instances.md)`,
    );
  }
  if (terminal) {
    const summary = startupSummary({
      publicUrl: config.PUBLIC_URL,
      listening: `${config.HOST}:${config.PORT}`,
      demoAccounts: embedded ? DEMO_ACCOUNTS : [],
      notices: ownerNotices(config, settings, schema),
      totpKeyFile: totpKeyFileOf(config),
    });
    process.stdout.write(summary.join('\n'));
  }
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof SchemaError) {
    console.error(`Gatekeeper cannot start:\n${error.message}`);
  } else {
    console.error('Gatekeeper cannot start:', error);
  }
  process.exit(1);
});
