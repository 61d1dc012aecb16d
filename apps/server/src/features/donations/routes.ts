import type { GameSchema } from '../../game/schema-check';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Connections } from '../../db/connections';
import { limitPerMinute, registerRateLimit } from '../../infra/rate-limit';
import type { RewardDelivery } from '../rewards/reward-delivery';
import { createDonationRepository } from './donation-repository';
import { createOrderRepository } from './order-repository';
import { type IpnListenerDeps, settleNotification, storeNotification } from './ipn-listener';
import { PAYPAL_IPN_PATH, paypalVerifyUrl, verifyWithPaypal } from './paypal';
import type { DonationSettings } from './settings-schema';

export interface DonationRoutesOptions {
  connections: Connections;
  schema: Pick<GameSchema, 'flavor' | 'hasPunishments'>;
  settings: DonationSettings;
  coinsPerEuro: number;
  rewards: Pick<RewardDelivery, 'grant'>;
  now: () => number;
  redis?: Redis;
}

/** PayPal's notifications are 1-2 KB; anything much larger is not one. */
export const MAX_NOTIFICATION_BYTES = 8 * 1024;
/** How often stored notifications that are due (unsettled, or to retry) are looked for. */
const SWEEP_MS = 60_000;
/** A swept notification is taken for this long: verification may wait 30 s for PayPal. */
const SWEEP_LEASE_MS = 5 * 60_000;
const SWEEP_BATCH = 50;

/**
 * PayPal's Instant Payment Notification listener. It stores the notification first and answers
 * 200 with an empty body once it is stored, 503 when it cannot be (PayPal resends until it gets a
 * 200). It then verifies and judges the notification from the exact bytes received: this plugin
 * reads form bodies raw, for its own route only. A notification stored but not settled (the site
 * stopped, PayPal's verification failed) is taken up again at start and every minute.
 */
export const legacyIpnRoutes = async (app: FastifyInstance, options: DonationRoutesOptions): Promise<void> => {
  const { now } = options;
  const verifyUrl = paypalVerifyUrl(options.settings);
  const orders = createOrderRepository(options.connections.site.db, now);
  const deps: IpnListenerDeps = {
    repository: createDonationRepository(options.connections.site.db, now, (table) =>
      app.log.warn({ table }, `${table} refused a 4-byte character (emoji): stored with U+FFFD instead`),
    ),
    login: options.connections.login.db,
    game: options.connections.game.db,
    schema: options.schema,
    now,
    settings: options.settings,
    coinsPerEuro: options.coinsPerEuro,
    verify: (raw) => verifyWithPaypal(verifyUrl, raw),
    rewards: options.rewards,
    isOrderDonation: async (custom) => (await orders.byDonation(custom)) !== undefined,
    log: app.log,
  };

  // Notifications being settled, by id: finished before the site stops, never swept twice.
  const inFlight = new Map<number, Promise<unknown>>();
  const settle = (stored: Parameters<typeof settleNotification>[1]) => {
    const job = settleNotification(deps, stored, now)
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'PayPal notification outcome could not be stored; it is retried'),
      )
      .finally(() => inFlight.delete(stored.id));
    inFlight.set(stored.id, job);
  };

  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const due of await deps.repository.dueNotifications(SWEEP_BATCH)) {
        if (inFlight.has(due.id)) continue;
        if (await deps.repository.claimNotification(due.id, due.nextAttemptAt, SWEEP_LEASE_MS)) settle(due);
      }
    } catch (error) {
      app.log.error({ err: error }, 'stored PayPal notifications could not be looked up');
    } finally {
      sweeping = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await Promise.allSettled([...inFlight.values()]);
  });

  // Redis down: let PayPal's notifications in rather than refuse payments.
  await registerRateLimit(app, options.redis, { skipOnError: true });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    PAYPAL_IPN_PATH,
    {
      bodyLimit: MAX_NOTIFICATION_BYTES,
      ...limitPerMinute(options.settings.paypal.notificationsPerMinute),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (raw.length === 0) return reply.code(200).send();
      let id: number;
      try {
        id = await storeNotification(deps, raw);
      } catch (error) {
        app.log.error({ err: error }, 'PayPal notification could not be stored: PayPal resends it');
        return reply.code(503).send();
      }
      settle({ id, raw, receivedAt: now(), attempts: 0 });
      return reply.code(200).send();
    },
  );
};
