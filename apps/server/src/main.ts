import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { prepareDatabases } from './prepare-databases';
import { SchemaError } from './game/schema-check';
import { loadSettings } from './settings';
import { missingNodeFlags } from './node-flags';

const startupLog = {
  info: (message: unknown, extra?: unknown) =>
    console.log(typeof message === 'string' ? message : JSON.stringify(message), extra ?? ''),
};

/** How long a stopping instance waits for the requests in flight before it closes their connections. */
const SHUTDOWN_GRACE_MS = 3_000;

const start = async () => {
  const config = loadConfig();
  const settings = loadSettings(config.SETTINGS_FILE);
  const { connections, schema } = await prepareDatabases(config, startupLog);
  const app = await buildApp({ config, settings, connections, schema });

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
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof SchemaError) {
    console.error(`Gatekeeper cannot start:\n${error.message}`);
  } else {
    console.error('Gatekeeper cannot start:', error);
  }
  process.exit(1);
});
