// Stands in for the L2J login and game servers: accepts TCP connections on the given ports.
import { createServer } from 'node:net';

for (const port of process.argv.slice(2).map(Number)) {
  createServer((socket) => socket.end()).listen(port, '127.0.0.1');
}
