import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_HEADERS } from './security-headers';

/**
 * The JSON 404 of an unknown call or a missing file, with the API's headers (nosniff). Unlike
 * Fastify's own, it neither repeats nor logs the URL, whose query may carry a secret.
 */
export const sendJsonNotFound = (reply: FastifyReply) =>
  reply.code(404).headers(API_HEADERS).header('cache-control', 'no-store').send({ error: 'notFound' });

/** The not-found handler of a site without the page (registerWebApp sets its own). */
export const registerJsonNotFound = (app: FastifyInstance): void => {
  app.setNotFoundHandler((_request, reply) => sendJsonNotFound(reply));
};
