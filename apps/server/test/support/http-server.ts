import { type RequestListener, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server on a local port (a free one unless given) for a fake service; close() drops its open connections. */
export const startHttpServer = async (
  handle: RequestListener,
  listenOn = 0,
): Promise<{ origin: string; close(): Promise<void> }> => {
  const server = createServer(handle);
  await new Promise<void>((done) => server.listen(listenOn, '127.0.0.1', done));
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
