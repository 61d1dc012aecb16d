import { type IncomingMessage, createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerOf } from './raw-header';

const NAMES = ['accept-encoding', 'if-none-match', 'x-forwarded-for', 'cookie', 'absent'];

/** What headerOf and Node's own request.headers read from a request, sent raw on a real socket. */
let port: number;
const server = createServer((request: IncomingMessage, response) => {
  // headerOf first: Node has not built request.headers yet, as at the front door.
  const ours = Object.fromEntries(NAMES.map((name) => [name, headerOf(request, name)]));
  const nodes = Object.fromEntries(NAMES.map((name) => [name, request.headers[name]]));
  response.end(JSON.stringify({ ours, nodes }));
});
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
beforeAll(() => {
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const read = (headerLines: string[]): Promise<{ ours: object; nodes: object }> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += String(chunk);
    });
    socket.on('end', () => resolve(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as never));
    socket.on('error', reject);
    socket.end(['GET / HTTP/1.1', 'Host: example.org', 'Connection: close', ...headerLines, '', ''].join('\r\n'));
  });

describe('headerOf', () => {
  it('reads a header in any case, and nothing when it is absent', async () => {
    const { ours } = await read(['Accept-Encoding: gzip, br']);
    expect(ours).toEqual({ 'accept-encoding': 'gzip, br' });
  });

  it('joins repeated headers as Node joins them in request.headers', async () => {
    const { ours, nodes } = await read([
      'Accept-Encoding: gzip',
      'accept-encoding: br',
      'If-None-Match: "a"',
      'IF-NONE-MATCH: "b"',
      'X-Forwarded-For: 203.0.113.7',
      'x-forwarded-for: 10.0.0.1',
      'Cookie: a=1',
      'cookie: XSRF-TOKEN=t',
    ]);
    expect(ours).toEqual(nodes);
    expect(ours).toEqual({
      'accept-encoding': 'gzip, br',
      'if-none-match': '"a", "b"',
      'x-forwarded-for': '203.0.113.7, 10.0.0.1',
      cookie: 'a=1; XSRF-TOKEN=t',
    });
  });
});
