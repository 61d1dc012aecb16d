// The built site on a fresh embedded demo database, for `npm run bench`.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, serverNodeFlags } from '../../scripts/lib.mjs';
import { onServerCore } from './cores.mjs';

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts apps/server/dist/main.js with the demo world (flavour `l2j` or `acis`), the given
 * settings file contents and environment. It sits behind a proxy on 127.0.0.1 (TRUST_PROXY), as
 * an owner runs it, so the registration load can come from many addresses.
 */
export const startSite = async ({ port, flavor = 'l2j', settings = {}, env = {}, pinned = false }) => {
  const dir = mkdtempSync(join(tmpdir(), 'gatekeeper-bench-'));
  const settingsFile = join(dir, 'gatekeeper.settings.json');
  writeFileSync(settingsFile, JSON.stringify(settings));
  // The log goes to a file, as an owner's would (journald or a file), not to /dev/null.
  const logFile = join(dir, 'site.log');
  // With the flags an owner's server runs with (npm start, npm run serve, the systemd unit).
  const serverArgs = [...serverNodeFlags(), 'apps/server/dist/main.js'];
  const [command, args] = pinned ? onServerCore(process.execPath, serverArgs) : [process.execPath, serverArgs];
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', openSync(logFile, 'a'), 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SETTINGS_FILE: settingsFile,
      GAME_FLAVOR: flavor,
      LOGIN_DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
      TOTP_SECRET_KEY_FILE: join(dir, 'totp-secret.key'),
      LOGIN_SERVER_ADDRESS: '127.0.0.1:1',
      GAME_SERVER_ADDRESS: '127.0.0.1:1',
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  let exitCode;
  child.once('exit', (code) => {
    exitCode = code;
  });
  for (let ready = false; !ready;) {
    if (exitCode !== undefined)
      throw new Error(`the site exited (${exitCode}) before it answered; its log: ${logFile}`);
    ready = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (!ready) await wait(100);
  }
  return {
    url,
    pid: child.pid,
    /** Resident memory of the site's process, in MB (Linux /proc). */
    rssMb: () => {
      const line = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
      return line ? Math.round(Number(line[1]) / 1024) : undefined;
    },
    /** Bytes the site has logged so far. */
    loggedBytes: () => statSync(logFile).size,
    stop: async () => {
      if (exitCode === undefined) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
