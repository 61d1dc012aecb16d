import { type RequestListener, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server on a free local port for a fake service; close() drops its open connections. */
export const startHttpServer = async (handle: RequestListener): Promise<{ origin: string; close(): Promise<void> }> => {
  const server = createServer(handle);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};
