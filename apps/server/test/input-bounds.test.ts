import { api, formFields, isErrorCode } from '@gatekeeper/contract';
import { SAMPLE_INPUTS } from '@gatekeeper/contract/sample-inputs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { csrfHeaders } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind } from './databases';
import { useSite } from './support/use-site';
import { FAST_ALTCHA_SETTINGS } from './support/altcha-solver';

/**
 * ReDoS guard: a huge value in any field of a call that takes input is answered at once with a
 * 4xx list of error codes, and never blocks the server. Two sizes: 1 MB (refused by the body or
 * header limit before any schema runs) and the largest value that passes those limits (refused
 * by the field's own bound). "At once" is a deadline per request, as the issue asks: the old
 * e-mail pattern took 7 s and more on 60 KB of the value below.
 */

const DEADLINE_MS = 2000;
const MEGABYTE = 1024 * 1024;
/** Under the 64 KB body limit with the other fields of the body. */
const LARGEST_BODY_VALUE = 60_000;
/** Under Node's 16 KB limit for the request line and headers. */
const LARGEST_QUERY_VALUE = 12_000;

/** 'a@' then 'a.' repeated, failing only at its end: the shape that made the old pattern backtrack. */
const hostile = (length: number) => `a@${'a.'.repeat(Math.ceil((length - 4) / 2))} x`.slice(0, length);

const pick = <K extends keyof typeof SAMPLE_INPUTS>(names: K[]) =>
  Object.fromEntries(names.map((name) => [name, SAMPLE_INPUTS[name]])) as Pick<typeof SAMPLE_INPUTS, K>;

const BODIES = pick([
  'createAccount',
  'recoverPassword',
  'changePincode',
  'unblockCharacter',
  'mail',
  'addFacebookToken',
  'unsubscribe',
  'updateIps',
]);

const QUERIES = pick(['getReferralLink', 'getNewPassword']);

const fieldsOf = (schema: z.ZodType) => Object.keys(formFields(schema).shape);

describe.each(DATABASE_KINDS)('a huge value in any field on %s', (kind: DatabaseKind) => {
  let address = 0;
  /** Each request from its own address, so no rate limit answers in the schema's place. */
  const nextIp = () => {
    address++;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  const site = useSite(kind, {
    app: {
      env: { TRUST_PROXY: 'true' },
      settings: { captcha: FAST_ALTCHA_SETTINGS, accounts: { requestsPerMinute: 1000 } },
    },
  });

  /** The answer within the deadline: status and body, or the reason there was none. */
  const answerOf = async (path: string, init: RequestInit, deadlineMs = DEADLINE_MS) => {
    try {
      const response = await fetch(`${site.url}${path}`, { ...init, signal: AbortSignal.timeout(deadlineMs) });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: kept as text, and reported.
      }
      return { status: response.status, body };
    } catch (error) {
      return { status: 0, body: `no answer within ${deadlineMs} ms: ${String(error)}` };
    }
  };

  const post = (name: keyof typeof BODIES, body: object, deadlineMs = DEADLINE_MS) =>
    answerOf(
      api[name].path,
      {
        method: 'POST',
        headers: { ...csrfHeaders(), 'x-forwarded-for': nextIp() },
        body: JSON.stringify(body),
      },
      deadlineMs,
    );
  const get = (name: keyof typeof QUERIES, query: Record<string, string>) =>
    answerOf(`${api[name].path}?${new URLSearchParams(query).toString()}`, {
      headers: { 'x-forwarded-for': nextIp() },
    });

  /** Each call, field and answer that is not a 4xx list of error codes with the expected status. */
  const wrongAnswers = async (
    sizes: { body: number; query: number },
    expected: { body: number; query: number },
  ): Promise<string[]> => {
    const wrong: string[] = [];
    const check = (label: string, answer: { status: number; body: unknown }, status: number) => {
      const codes = Array.isArray(answer.body) && answer.body.length > 0 && answer.body.every(isErrorCode);
      if (answer.status !== status || !codes) wrong.push(`${label}: ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    for (const [name, valid] of Object.entries(BODIES) as [keyof typeof BODIES, Record<string, string>][]) {
      for (const field of fieldsOf(api[name].body)) {
        check(`${name}.${field}`, await post(name, { ...valid, [field]: hostile(sizes.body) }), expected.body);
      }
    }
    for (const [name, valid] of Object.entries(QUERIES) as [keyof typeof QUERIES, Record<string, string>][]) {
      for (const field of fieldsOf(api[name].query)) {
        check(`${name}?${field}`, await get(name, { ...valid, [field]: hostile(sizes.query) }), expected.query);
      }
    }
    return wrong;
  };

  it('covers every field of the calls it names', () => {
    expect(fieldsOf(api.createAccount.body)).toEqual(Object.keys(BODIES.createAccount));
    expect(fieldsOf(api.getReferralLink.query)).toEqual(Object.keys(QUERIES.getReferralLink));
  });

  it('answers 1 MB in any field at once: 413 for a body, 431 for a query, with formInvalid', async () => {
    expect(await wrongAnswers({ body: MEGABYTE, query: MEGABYTE }, { body: 413, query: 431 })).toEqual([]);
  });

  it('answers the largest value the limits let through at once, 400 with the field codes', async () => {
    expect(
      await wrongAnswers({ body: LARGEST_BODY_VALUE, query: LARGEST_QUERY_VALUE }, { body: 400, query: 400 }),
    ).toEqual([]);
  });

  it('still answers other calls while such values arrive', async () => {
    // The twenty share one thread: the last is answered after the others, so each has the
    // deadline of all twenty (a pattern that backtracks for seconds per value still misses it by
    // far); the call in between waits for at most the ones before it.
    const flood = Array.from({ length: 20 }, () =>
      post('createAccount', { ...BODIES.createAccount, email: hostile(LARGEST_BODY_VALUE) }, DEADLINE_MS * 20),
    );
    const status = await answerOf(api.getServerStatus.path, {}, DEADLINE_MS * 5);
    expect(status.status).toBe(200);
    expect((await Promise.all(flood)).map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 400));
  });
});
