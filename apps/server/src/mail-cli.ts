// `npm run mail -- ...`: the owner's command for the mail outbox, on the site database of the
// environment (SITE_DATABASE_URL, as the server reads it). Built beside main.js (build.mjs).
import { ConfigError, loadConfig } from './config';
import { openConnections } from './db/connections';
import { migrateSiteTables } from './site-migrations';
import { parseMailCommand, runMailCommand } from './features/mail/failed-mails-command';
import { OutboxRepository } from './features/mail/outbox-repository';

const output = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };

const main = async (): Promise<number> => {
  const command = parseMailCommand(process.argv.slice(2), output);
  if (typeof command === 'number') return command;
  const config = loadConfig();
  const url = config.SITE_DATABASE_URL;
  const connections = openConnections({ login: url, game: url, site: url });
  try {
    // The same site tables the server migrates at start, in case it has not run since an update.
    await migrateSiteTables(connections.site.db);
    return await runMailCommand(command, {
      outbox: new OutboxRepository(connections.site.db, connections.site.dialect),
      now: Date.now,
      output,
    });
  } finally {
    await connections.close();
  }
};

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  },
);
