import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Dialect } from '../../db/connections';
import type { Mailer } from '../../infra/mailer';
import { sdkRoute } from '../../infra/sdk-route';
import type { Texts } from '../../infra/texts';
import { MailWorker } from './mail-worker';
import { type MailServiceDeps, queueMassMail, unsubscribe } from './mail-service';
import { OutboxRepository } from './outbox-repository';
import type { MailSettings } from './settings-schema';

export interface MailRoutesOptions {
  deps: Omit<MailServiceDeps, 'outbox'>;
  siteDialect: Dialect;
  settings: MailSettings;
  mailer: Mailer;
  texts: Texts;
  publicUrl: string;
  requestsPerMinute: number;
  redis?: Redis;
}

/**
 * The admin mail form's call and the unsubscribe link's call (SPEC section 7), and the worker
 * that drains the outbox: it starts with the server and stops when the server closes.
 */
export const mailRoutes = async (app: FastifyInstance, options: MailRoutesOptions): Promise<void> => {
  const outbox = new OutboxRepository(options.deps.site, options.siteDialect);
  const deps: MailServiceDeps = { ...options.deps, outbox };
  const worker = new MailWorker({
    outbox,
    mailer: options.mailer,
    texts: options.texts,
    publicUrl: options.publicUrl,
    signingKey: options.deps.signingKey,
    settings: options.settings,
    now: options.deps.now,
    log: app.log,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    await worker.stop();
    await options.deps.versions.close();
  });

  await app.register(fastifyRateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'gatekeeper:rate:' } : {}),
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `retry in ${context.after}` }),
  });
  const limited = { config: { rateLimit: { max: options.requestsPerMinute, timeWindow: 60_000 } } };

  sdkRoute(
    app,
    'mail',
    async ({ body }, request, reply) => {
      const result = await queueMassMail(deps, body);
      if ('code' in result) return reply.code(result.status).send([result.code]);
      request.log.info({ job: result.jobId, queued: result.queued, skipped: result.skipped }, 'mass mail queued');
      worker.wake();
      return reply.send(result);
    },
    limited,
  );

  sdkRoute(
    app,
    'unsubscribe',
    async ({ body }, _request, reply) => {
      const refusal = await unsubscribe(deps, body);
      reply.header('cache-control', 'no-store');
      // The home page reads a refusal as one translation key (SPEC section 8).
      if (refusal) {
        return reply.code(refusal.status).type('application/json; charset=utf-8').send(JSON.stringify(refusal.code));
      }
      return reply.send([]);
    },
    limited,
  );
};
