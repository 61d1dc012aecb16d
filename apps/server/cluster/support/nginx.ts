import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { closedPort } from '../../test/support/closed-port';

/** The proxy rules of the owner's guide (docs/owner/nginx): the suite runs the site through them. */
export const PROXY_RULES = resolve(import.meta.dirname, '../../../../docs/owner/nginx/gatekeeper-proxy.conf');

export const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

export interface Nginx {
  /** http://127.0.0.1:PORT */
  url: string;
  close(): Promise<void>;
}

/**
 * Debian's nginx in front of the given instances, round robin, with the documented proxy rules;
 * every answer says which instance gave it (X-Upstream), so a test can see the balancing.
 */
export const startNginx = async (
  instancePorts: number[],
  options: { keepaliveRequests?: number } = {},
): Promise<Nginx> => {
  if (!NGINX_BINARY) throw new Error('nginx is not installed (Debian: apt-get install -y nginx)');
  const dir = mkdtempSync(join(tmpdir(), 'gatekeeper-nginx-'));
  const port = await closedPort();
  // Run as root (CI), the workers would otherwise be "nobody", who cannot write the temp folders.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const config = `
${user}
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream gatekeeper {
${instancePorts.map((instance) => `    server 127.0.0.1:${instance} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
${options.keepaliveRequests ? `    keepalive_requests ${options.keepaliveRequests};` : ''}
    add_header X-Upstream $upstream_addr always;
    include ${PROXY_RULES};
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn(
    NGINX_BINARY,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let printed = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start: ${printed}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen within 10 s: ${printed}`);
      await new Promise((done) => setTimeout(done, 50));
    }
  }
  return {
    url,
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
