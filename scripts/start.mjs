// `npm start`: install what is missing, build what changed, then serve the site. On its first run
// the server creates the embedded SQLite database with the demo world (data/gatekeeper.sqlite).
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, root, serverNodeFlags } from './lib.mjs';

ensureInstalled();
ensureBuilt();

const server = spawn(process.execPath, [...serverNodeFlags(), '--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
