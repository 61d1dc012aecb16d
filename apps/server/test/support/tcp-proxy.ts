import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net';

/**
 * A local TCP proxy in front of a service (MariaDB, Redis) that a test can break as a bad day
 * does: `freeze()` stops forwarding but keeps every socket open (a hung server, a dead route),
 * `stop()` closes the port and every connection (a stopped server). `restore()` heals both.
 */
export interface TcpProxy {
  port: number;
  /** The service's URL with the proxy's port instead of its own. */
  via(url: string): string;
  freeze(): void;
  stop(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export const startTcpProxy = async (target: { host: string; port: number }): Promise<TcpProxy> => {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let frozen = false;
  let server: Server | undefined;
  let port = 0;

  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => to.write(chunk));
    from.on('end', () => to.end());
    from.on('error', () => to.destroy());
    from.on('close', () => to.destroy());
  };

  const accept = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    client.on('close', () => pairs.delete(pair));
    forward(client, upstream);
    forward(upstream, client);
    if (frozen) {
      client.pause();
      upstream.pause();
    }
  };

  const listen = async () => {
    server = createServer(accept);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  };

  const stop = async () => {
    const closing = server;
    server = undefined;
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    freeze() {
      frozen = true;
      for (const { client, upstream } of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    stop,
    async restore() {
      frozen = false;
      for (const { client, upstream } of pairs) {
        client.resume();
        upstream.resume();
      }
      if (!server) await listen();
    },
    close: stop,
  };
};
