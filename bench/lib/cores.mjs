// Where the bench's processes run. On a two-core machine the load generator, when it shares both
// cores with the server it loads, takes CPU from it at random: single rounds of the same call
// varied by ±30%. With util-linux's taskset the site and the bare server each run on core 1 and the
// load generator on core 0, so both servers meet the same conditions and rounds agree within a
// few percent. Without taskset (or with one core) nothing is pinned.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find((path) => existsSync(path));
export const PINNED = TASKSET !== undefined && availableParallelism() >= 2;
const ALL_CORES = `0-${availableParallelism() - 1}`;

/** The command and arguments that run a server on the server core. */
export const onServerCore = (command, args) => (PINNED ? [TASKSET, ['-c', '1', command, ...args]] : [command, args]);

/** Moves this process (the load generator) to core 0, or back to every core. */
export const pinLoadGenerator = (pinned) => {
  if (PINNED)
    spawnSync(TASKSET, ['-a', '-p', '-c', pinned ? '0' : ALL_CORES, String(process.pid)], { stdio: 'ignore' });
};
