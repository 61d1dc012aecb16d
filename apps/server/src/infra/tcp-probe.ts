import { connect } from 'node:net';

/** Whether something accepts a TCP connection at host:port within the timeout. */
export const tcpProbe = (address: { host: string; port: number }, timeoutMs: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: address.host, port: address.port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
