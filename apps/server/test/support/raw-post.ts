import { type Socket, connect } from 'node:net';
import { csrfHeaders } from '../app-under-test';

/**
 * A registration call written on a raw socket, as the page would send it (JSON, the anti-forgery
 * cookie and header), with only the first `sentBytes` of its body: the test sends the rest when it
 * wants. `answer()` is what the server wrote so far; `closed` resolves with the milliseconds from
 * the first byte to the close.
 */
export const rawPost = (port: number, body: string, sentBytes: number) => {
  const socket: Socket = connect(port, '127.0.0.1');
  const startedAt = performance.now();
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((done) => socket.once('close', () => done(performance.now() - startedAt)));
  socket.write(
    `POST /sdk/createaccount HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      Object.entries(csrfHeaders())
        .filter(([name]) => name !== 'content-type')
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, sentBytes)}`,
  );
  return { socket, closed, answer: () => answer };
};
