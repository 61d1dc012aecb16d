import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Captcha } from '../../infra/captcha/captcha';
import { limitPerMinute, registerRateLimit } from '../../infra/rate-limit';
import { sdkRoute } from '../../infra/sdk-route';
import type { MailWorker } from './mail-worker';
import { type MailServiceDeps, queueMassMail, unsubscribe } from './mail-service';
import type { OutboxRepository } from './outbox-repository';

export interface MailRoutesOptions {
  deps: Omit<MailServiceDeps, 'outbox'>;
  captcha: Captcha;
  /** The instance's outbox and the worker that drains it (app.ts: the account tools queue there too). */
  outbox: OutboxRepository;
  worker: Pick<MailWorker, 'wake'>;
  requestsPerMinute: number;
  redis?: Redis;
}

/** The admin mail form's call and the unsubscribe link's call (docs/product.md#mail, #unsubscribe). */
export const mailRoutes = async (app: FastifyInstance, options: MailRoutesOptions): Promise<void> => {
  const { outbox, worker } = options;
  const deps: MailServiceDeps = { ...options.deps, outbox };
  app.addHook('onClose', async () => {
    await options.deps.versions.close();
  });

  await registerRateLimit(app, options.redis);
  const limited = limitPerMinute(options.requestsPerMinute);

  sdkRoute(
    app,
    'mail',
    async ({ body }, request, reply) => {
      // The captcha first, as on the account forms: no credential is checked without one.
      if (!(await options.captcha.verify(body.captcha, request.ip))) return reply.code(400).send(['captchaInvalid']);
      const result = await queueMassMail(deps, body, request.ip);
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
      // The home page reads a refusal as one translation key (docs/product.md#error-codes-and-dialogs).
      if (refusal) {
        return reply.code(refusal.status).type('application/json; charset=utf-8').send(JSON.stringify(refusal.code));
      }
      return reply.send([]);
    },
    limited,
  );
};
