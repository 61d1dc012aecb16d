// Shared steps of `npm start`, `npm test` and `npm run bench`: only Node's own modules here,
// because these run before the dependencies are installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

export const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
};

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
};

/** Installs the locked dependencies when they are missing or older than the lockfile. */
export const ensureInstalled = () => {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (first run takes a few minutes: better-sqlite3 builds from source)...');
  run(
    'npm',
    existsSync(join(root, 'node_modules')) ? ['install', '--no-audit', '--no-fund'] : ['ci', '--no-audit', '--no-fund'],
    // better-sqlite3 compiles two large files (SQLite's and its binding's): on every core, not
    // one after the other (node-gyp reads JOBS). An owner's own JOBS wins.
    { env: { JOBS: 'max', ...process.env } },
  );
};

const SOURCES = [
  'package-lock.json',
  'packages/contract/src',
  'packages/texts',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
];
const OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/web/dist-ssr/entry-server.js',
  'apps/server/dist/main.js',
  'apps/server/dist/mail-cli.js',
  'apps/server/dist/donations-cli.js',
  'apps/server/dist/bcrypt-worker.mjs',
];

/** The Node flags the server runs with (apps/server/src/node-flags.json, decision 023). */
export const serverNodeFlags = () => JSON.parse(readFileSync(join(root, 'apps/server/src/node-flags.json'), 'utf8'));

/** Builds the page and the server when a source is newer than what was built. */
export const ensureBuilt = () => {
  const built = Math.min(...OUTPUTS.map((file) => newestMtime(join(root, file))));
  const changed = Math.max(...SOURCES.map((file) => newestMtime(join(root, file))));
  if (built > 0 && built >= changed) return;
  console.log('Building the site...');
  run('npm', ['run', 'build']);
};

/**
 * An owner's command built beside the server (npm run mail, npm run donations): installed and
 * built first as `npm start` does, then run with the command line's arguments; exits with its code.
 */
export const runOwnerCommand = (builtFile) => {
  ensureInstalled();
  ensureBuilt();
  const result = spawnSync(process.execPath, ['--enable-source-maps', builtFile, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
};
