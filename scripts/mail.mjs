// `npm run mail -- --list-failed | --retry-failed [--job N]`: the owner's command for the mail
// outbox (apps/server/src/mail-cli.ts), run against the site database of the environment
// (SITE_DATABASE_URL, or LOGIN_DATABASE_URL, or the demo file).
import { runOwnerCommand } from './lib.mjs';

runOwnerCommand('apps/server/dist/mail-cli.js');
