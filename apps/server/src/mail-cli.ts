// `npm run mail -- ...`: the owner's command for the mail outbox, on the site database of the
// environment (SITE_DATABASE_URL, as the server reads it). Built beside main.js (build.mjs).
import { loadConfig } from './config';
import { consoleOutput, runCommand } from './infra/command-output';
import { openConnections } from './db/connections';
import { migrateSiteTables } from './site-migrations';
import { parseMailCommand, runMailCommand } from './features/mail/failed-mails-command';
import { OutboxRepository } from './features/mail/outbox-repository';

const output = consoleOutput;

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

runCommand(main);
