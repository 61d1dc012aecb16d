import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../src/node-flags';
import { closedPort } from './closed-port';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

export interface SiteProcess {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** What the process printed so far (its log lines), for failure messages. */
  output(): string;
  /** SIGKILL if still running, and its files removed. */
  dispose(): Promise<void>;
}

/**
 * The site as an owner runs it: its own process, started as main.ts starts it, with the given
 * environment and settings. `built` runs apps/server/dist (npm run build) rather than the source.
 */
export const startSiteProcess = async (options: {
  env: Record<string, string>;
  settings?: unknown;
  port?: number;
  built?: boolean;
  /** Serve this folder as the page (default: a one-line index.html; the built page when `built`). */
  webDistDir?: string;
}): Promise<SiteProcess> => {
  const dir = mkdtempSync(join(tmpdir(), 'gatekeeper-site-'));
  const settingsFile = join(dir, 'settings.json');
  writeFileSync(settingsFile, JSON.stringify(options.settings ?? {}));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>test</title>');
  const port = options.port ?? (await closedPort());
  const entry = options.built ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  // With the flags an owner's server runs with (node-flags.json).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...entry], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      SETTINGS_FILE: settingsFile,
      // The key the site makes without TOTP_SECRET_KEY: in this process's folder, not the repository's data/.
      TOTP_SECRET_KEY_FILE: join(dir, 'totp-secret.key'),
      ...(options.built && !options.webDistDir ? {} : { WEB_DIST_DIR: options.webDistDir ?? dir }),
      ...options.env,
      PORT: String(port),
    },
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  const site: SiteProcess = {
    url,
    port,
    child,
    exited,
    output: () => printed,
    async dispose() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await site.dispose();
      throw new Error(`the site exited with ${child.exitCode} at start:\n${printed}`);
    }
    try {
      await fetch(`${url}/healthz`);
      return site;
    } catch {
      if (Date.now() > deadline) {
        await site.dispose();
        throw new Error(`the site did not listen on ${url} within 60 s:\n${printed}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
};
