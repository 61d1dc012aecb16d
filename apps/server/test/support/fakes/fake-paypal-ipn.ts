import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking PayPal's IPN validation protocol: the listener posts back
 * `cmd=_notify-validate&` followed by the notification exactly as received, and PayPal answers
 * VERIFIED only for a message it sent itself, byte for byte (as often as asked: PayPal resends),
 * and INVALID for anything else. `failure` makes it answer as a broken or overloaded service.
 */
export type FakePaypalFailure = 'httpError' | 'garbage';

export interface FakePaypalIpn {
  /** The verification URL (settings donations.paypal.verifyUrl). */
  url: string;
  /** Marks a body as sent by PayPal; answers the same bytes. */
  send(body: Buffer | string): Buffer;
  /** Every postback received, as raw bytes, with its headers. */
  postbacks: { body: Buffer; headers: IncomingMessage['headers'] }[];
  failure: FakePaypalFailure | undefined;
  /** While set, answers wait for it to resolve (to show the listener answered PayPal first). */
  hold: Promise<void> | undefined;
  close(): Promise<void>;
}

const PREFIX = Buffer.from('cmd=_notify-validate&');

export const startFakePaypalIpn = async (): Promise<FakePaypalIpn> => {
  const sent: Buffer[] = [];
  const state: Pick<FakePaypalIpn, 'postbacks' | 'failure' | 'hold'> = {
    postbacks: [],
    failure: undefined,
    hold: undefined,
  };

  const answer = (response: ServerResponse, status: number, text: string) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=UTF-8' });
    response.end(text);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    state.postbacks.push({ body, headers: request.headers });
    if (state.hold) await state.hold;
    if (state.failure === 'httpError') return answer(response, 503, '<html>Service Unavailable</html>');
    if (state.failure === 'garbage') return answer(response, 200, '<html>maintenance</html>');
    const wellFormed =
      request.method === 'POST' &&
      /^application\/x-www-form-urlencoded/.test(request.headers['content-type'] ?? '') &&
      Boolean(request.headers['user-agent']) &&
      body.subarray(0, PREFIX.length).equals(PREFIX);
    const message = body.subarray(PREFIX.length);
    return answer(response, 200, wellFormed && sent.some((known) => known.equals(message)) ? 'VERIFIED' : 'INVALID');
  };

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/cgi-bin/webscr`,
    send(body: Buffer | string) {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1');
      sent.push(bytes);
      return bytes;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  });
};
