import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { type CaptchaProvider, EMBED_FRAME_ORIGINS } from '@gatekeeper/contract';
import helmet, { type HelmetOptions } from 'helmet';

const CAPTCHA_ORIGINS: Record<CaptchaProvider, { script: string[]; frame: string[]; connect: string[] }> = {
  altcha: { script: [], frame: [], connect: [] },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
    connect: ['https://challenges.cloudflare.com'],
  },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: [],
  },
};

/** One year (ASVS 5 V3.4.1): a browser that saw the site over https never tries http for a year. */
const HSTS_MAX_AGE_S = 31_536_000;
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`;

/**
 * Strict-Transport-Security on every answer of an https site, set on the raw response before the
 * front door or Fastify writes anything: /sdk calls, /healthz, feeds, crests and errors too, not
 * only the pages (docs/owner/security.md).
 */
export const sendStrictTransportSecurity = (server: Server): void => {
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
};

export interface SecurityHeaderOptions {
  captchaProvider: CaptchaProvider;
  /** Origins the page fetches from besides itself (the IPv6 lookup service). */
  connectOrigins: string[];
  /** Origins the page's forms may post to besides itself (the payment provider). */
  formActionOrigins?: string[];
  /** Serve Strict-Transport-Security only when the public URL is https. */
  https: boolean;
}

export const helmetOptions = (options: SecurityHeaderOptions): HelmetOptions => {
  const captcha = CAPTCHA_ORIGINS[options.captchaProvider];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.youtube.com', ...captcha.script],
        styleSrc: ["'self'", ...(options.captchaProvider === 'altcha' ? [] : ["'unsafe-inline'"])],
        imgSrc: ["'self'", 'data:', 'https://i.ytimg.com'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...options.connectOrigins, ...captcha.connect],
        // The embeds the site uses (docs/integrations.md#embeds) and the chosen captcha provider, nothing else.
        frameSrc: [...EMBED_FRAME_ORIGINS, ...captcha.frame],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(options.formActionOrigins ?? [])],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: options.https ? [] : null,
      },
    },
    // The embeds (YouTube, Twitch, Facebook) do not send CORP headers.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The Facebook login dialog opens as a popup and must be able to come back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
};

/**
 * Helmet's headers computed once: setting a constant object per response is far cheaper than
 * running the middleware on every request (docs/performance.md).
 */
export const computeSecurityHeaders = (options: SecurityHeaderOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(helmetOptions(options))({} as IncomingMessage, response, () => undefined);
  return headers;
};

/**
 * The headers an /sdk answer needs (no sniffing, no framing, same-origin reads), constant so a
 * read endpoint sets them with its other headers in one call and no hook runs on the read path.
 * Strict-Transport-Security is set on every answer of an https site (sendStrictTransportSecurity).
 */
export const API_HEADERS = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-resource-policy': 'same-origin',
});

export const JSON_NO_CACHE_HEADERS = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-cache',
});

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The page's headers with its own inline scripts (the built page's script loader) allowed by their
 * SHA-256 in script-src: nothing else inline may run.
 */
export const allowInlineScriptsOf = (html: string, headers: Record<string, string>): Record<string, string> => {
  const csp = headers['content-security-policy'];
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}'`,
  );
  if (!csp || hashes.length === 0) return headers;
  return {
    ...headers,
    'content-security-policy': csp.replace(/(^|;)script-src ([^;]*)/, (_match, start: string, sources: string) =>
      [`${start}script-src ${sources}`, ...hashes].join(' '),
    ),
  };
};
