import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One siteverify request as the provider received it. */
export interface VerifyRequest {
  method: string;
  contentType: string;
  form: Record<string, string>;
}

/** How the fake provider answers: its real protocol, an outage page, or something unreadable. */
export type VerifyServerMode = 'protocol' | 'http-500' | 'not-json';

export interface CaptchaVerifyServer {
  /** The siteverify URL, for CAPTCHA_VERIFY_URL. */
  url: string;
  /** A token as the widget would get it after a solved captcha. */
  issueToken(): string;
  requests: VerifyRequest[];
  setMode(mode: VerifyServerMode): void;
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/**
 * The siteverify protocol shared by Turnstile, hCaptcha and reCAPTCHA (docs/integrations.md#captcha): a form
 * POST of secret, response, remoteip (and hCaptcha's optional sitekey) answered with JSON
 * {success, "error-codes"}. Tokens are single-use, as at the real providers.
 */
export const startCaptchaVerifyServer = async (options: {
  secret: string;
  siteKey: string;
}): Promise<CaptchaVerifyServer> => {
  const issued = new Set<string>();
  const spent = new Set<string>();
  const requests: VerifyRequest[] = [];
  let mode: VerifyServerMode = 'protocol';

  const verdict = (form: Record<string, string>): string[] => {
    if (!form.secret) return ['missing-input-secret'];
    if (form.secret !== options.secret) return ['invalid-input-secret'];
    if (!form.response) return ['missing-input-response'];
    if (form.sitekey !== undefined && form.sitekey !== options.siteKey) return ['sitekey-secret-mismatch'];
    if (spent.has(form.response)) return ['timeout-or-duplicate'];
    if (!issued.has(form.response)) return ['invalid-input-response'];
    return [];
  };

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: request.method ?? '', contentType: request.headers['content-type'] ?? '', form });
      if (mode === 'http-500') return sendJson(response, 500, { error: 'internal' });
      if (mode === 'not-json') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html>maintenance</html>');
      }
      if (request.method !== 'POST') return sendJson(response, 405, { success: false, 'error-codes': ['bad-request'] });
      const errors = verdict(form);
      if (errors.length > 0) return sendJson(response, 200, { success: false, 'error-codes': errors });
      spent.add(form.response as string);
      return sendJson(response, 200, {
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: '127.0.0.1',
        'error-codes': [],
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    issueToken: () => {
      const token = `tok_${randomBytes(24).toString('base64url')}`;
      issued.add(token);
      return token;
    },
    requests,
    setMode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
