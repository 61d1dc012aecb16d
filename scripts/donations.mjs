// `npm run donations -- ...`: the owner's ledger of donations (apps/server/src/donations-cli.ts),
// run against the databases of the environment, as the server reads them.
import { runOwnerCommand } from './lib.mjs';

runOwnerCommand('apps/server/dist/donations-cli.js');
