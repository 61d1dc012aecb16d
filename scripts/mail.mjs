// `npm run mail -- --list-failed | --retry-failed [--job N]`: the owner's command for the mail
// outbox (apps/server/src/mail-cli.ts), built as `npm start` builds the site, run against the
// site database of the environment (SITE_DATABASE_URL, or LOGIN_DATABASE_URL, or the demo file).
import { spawnSync } from 'node:child_process';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureBuilt();

const result = spawnSync(
  process.execPath,
  ['--enable-source-maps', 'apps/server/dist/mail-cli.js', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
