import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';

/**
 * The processes the end-to-end suite talks to (the site's instances and the local stand-ins of
 * the services they call), started all at once before the first test and stopped after the last
 * (decision 043, fifth part). Playwright's own `webServer` list starts its entries one after
 * another, each waiting for the last: with twelve instances that was over a minute of the stage
 * with one core idle.
 */
export interface InstanceProcess {
  name: string;
  /** The program and its arguments (no shell). */
  command: readonly string[];
  env?: Record<string, string>;
  /** Ready once this address answers below 500, or this port takes connections. */
  ready: { url: string } | { port: number };
}

const STARTUP_LIMIT_MS = 120_000;

const portTakesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const isReady = async (ready: InstanceProcess['ready']) => {
  if ('port' in ready) return portTakesConnections(ready.port);
  try {
    const answer = await fetch(ready.url, { signal: AbortSignal.timeout(2_000) });
    await answer.body?.cancel();
    return answer.status < 500;
  } catch {
    return false;
  }
};

const portOf = (ready: InstanceProcess['ready']) => ('port' in ready ? ready.port : Number(new URL(ready.url).port));

/** Stops a process and everything it started (its process group), at once if it does not stop in 5 s. */
const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
    const pid = child.pid;
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-pid, signal);
      } catch {
        // already gone
      }
    };
    const late = setTimeout(() => kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(late);
      resolve();
    });
    kill('SIGTERM');
  });

const startOne = async (instance: InstanceProcess, cwd: string, children: ChildProcess[]) => {
  // As Playwright's reuseExistingServer: false: a port already answering is a server left from another run.
  if (await portTakesConnections(portOf(instance.ready))) {
    throw new Error(
      `${instance.name}: port ${portOf(instance.ready)} is already in use (a server left from another run?)`,
    );
  }
  const [program, ...args] = instance.command;
  const child = spawn(program!, args, {
    cwd,
    env: { ...process.env, ...instance.env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  children.push(child);
  // Its errors are the suite's to show, line by line under its name.
  let pending = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') process.stderr.write(`[${instance.name}] ${line}\n`);
  });
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (!(await isReady(instance.ready))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${instance.name} stopped before it was ready (exit ${child.exitCode ?? child.signalCode})`);
    }
    if (Date.now() > deadline) throw new Error(`${instance.name} was not ready in ${STARTUP_LIMIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Starts every process at once and waits for all; returns what stops them. One that fails stops the rest. */
export const startInstances = async (
  instances: readonly InstanceProcess[],
  cwd: string,
): Promise<() => Promise<void>> => {
  const children: ChildProcess[] = [];
  // A runner that ends without its teardown (an error, a second Ctrl+C) leaves nothing behind.
  const killLeft = () => {
    for (const child of children) {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  };
  process.once('exit', killLeft);
  const stopAll = async () => {
    await Promise.all(children.map(stop));
    process.off('exit', killLeft);
  };
  try {
    await Promise.all(instances.map((instance) => startOne(instance, cwd, children)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
};
