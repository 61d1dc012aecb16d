import type { FastifyInstance } from 'fastify';
import type { Connections } from '../../db/connections';
import type { RewardDelivery } from '../rewards/reward-delivery';
import { createDonationRepository } from './donation-repository';
import { type IpnListenerDeps, processNotification } from './ipn-listener';
import { PAYPAL_IPN_PATH, paypalVerifyUrl, verifyWithPaypal } from './paypal';
import type { DonationSettings } from './settings-schema';

export interface DonationRoutesOptions {
  connections: Connections;
  settings: DonationSettings;
  coinsPerEuro: number;
  rewards: Pick<RewardDelivery, 'grant'>;
  now: () => number;
}

/**
 * PayPal's Instant Payment Notification listener. It answers 200 with an empty body at once, as
 * PayPal asks (it resends until it gets one), and then verifies and judges the notification from
 * the exact bytes received: this plugin reads form bodies raw, for its own route only.
 */
export const donationRoutes = async (app: FastifyInstance, options: DonationRoutesOptions): Promise<void> => {
  const verifyUrl = paypalVerifyUrl(options.settings);
  const deps: IpnListenerDeps = {
    repository: createDonationRepository(options.connections.site.db, options.now),
    game: options.connections.game.db,
    settings: options.settings,
    coinsPerEuro: options.coinsPerEuro,
    verify: (raw) => verifyWithPaypal(verifyUrl, raw),
    rewards: options.rewards,
    log: app.log,
  };

  // Notifications still being verified when the site stops are finished first.
  const inFlight = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(PAYPAL_IPN_PATH, (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    // The answer is written to PayPal before the notification is even parsed.
    reply.code(200).header('cache-control', 'no-store').send();
    if (raw.length === 0) return reply;
    const job = processNotification(deps, raw).catch((error: unknown) =>
      app.log.error({ err: error }, 'PayPal notification could not be stored'),
    );
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
    return reply;
  });
};
