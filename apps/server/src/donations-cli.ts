// `npm run donations -- ...`: the owner's ledger of donations, on the databases of the environment
// (as the server reads them). Built beside main.js (build.mjs).
import { userInfo } from 'node:os';
import { loadConfig } from './config';
import { consoleOutput, runCommand } from './infra/command-output';
import { openConnections } from './db/connections';
import { checkGameSchema } from './game/schema-check';
import { migrateSiteTables } from './site-migrations';
import { parseDonationsCommand, runDonationsCommand } from './features/donations/ledger-command';

const output = consoleOutput;

const actor = () => {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
};

const main = async (): Promise<number> => {
  const command = parseDonationsCommand(process.argv.slice(2), output);
  if (typeof command === 'number') return command;
  const config = loadConfig();
  const connections = openConnections({
    login: config.LOGIN_DATABASE_URL,
    game: config.GAME_DATABASE_URL,
    site: config.SITE_DATABASE_URL,
  });
  try {
    // The same site tables the server migrates at start, in case it has not run since an update.
    await migrateSiteTables(connections.site.db);
    const schema = await checkGameSchema(connections);
    return await runDonationsCommand(command, {
      site: connections.site.db,
      game: connections.game.db,
      schema,
      actor: actor(),
      now: Date.now,
      output,
    });
  } finally {
    await connections.close();
  }
};

runCommand(main);
