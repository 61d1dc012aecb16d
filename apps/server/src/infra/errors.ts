import { isErrorCode } from '@gatekeeper/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_HEADERS } from './security-headers';
import { RETRY_AFTER_SECONDS, isServiceUnavailable } from './unavailable';

/**
 * One JSON error handler. Validation failures answer the list of error codes (translation keys),
 * as the account forms read them; anything unknown becomes formInvalid. A database or Redis that is
 * down or too slow answers 503 serviceUnavailable with Retry-After. Other server faults are logged
 * with their stack and answered with ServerError only.
 */
export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (request.url.startsWith('/sdk/')) reply.headers(API_HEADERS);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const codes = [
        ...new Set(error.validation.map((issue) => (isErrorCode(issue.message) ? issue.message : 'formInvalid'))),
      ];
      return reply.code(400).send(codes);
    }
    if (isServiceUnavailable(error)) {
      request.log.warn({ err: error }, 'a database or Redis is unavailable');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(['serviceUnavailable']);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, too large a body, wrong content type: the caller's fault, never a 5xx.
      return reply.code(status).send(status === 429 ? ['tooManyRequests'] : ['formInvalid']);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(['ServerError']);
  });
};

/**
 * Fastify's frameworkErrors: a URL its router cannot decode (a broken escape such as /sdk/%zz) is
 * answered like every refused call, 400 with formInvalid. Fastify's own answer repeats the URL,
 * which may carry a secret, and reflects what the visitor sent.
 */
export const answerFrameworkError = (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  void reply.code(400).headers(API_HEADERS).header('cache-control', 'no-store').send(['formInvalid']);
};
