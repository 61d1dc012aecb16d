import { type AddressInfo, type Server, type Socket, createServer } from 'node:net';

/**
 * A TCP server on a free local port that accepts connections and never says a word: a login
 * server's port that is up, or a database that hangs. close() ends every open connection.
 */
export const listeningServer = async (): Promise<{ port: number; close(): Promise<void> }> => {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
};
