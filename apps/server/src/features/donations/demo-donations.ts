import { randomUUID } from 'node:crypto';
import { coinsForDonation } from '@gatekeeper/contract';
import type { Connections } from '../../db/connections';
import { findCharacterByName } from '../../game/characters';
import type { GameSchema } from '../../game/schema-check';
import { type DemoOutcome, demoRewards } from '../rewards/demo-rewards';
import type { RewardSettings } from '../rewards/settings-schema';
import { type CheckoutDeps, handleWebhookEvent, settleCapture } from './checkout';
import { donationRequestId } from './crediting';
import { createDonationRepository } from './donation-repository';
import { createOrderRepository } from './order-repository';
import type { DonationSettings } from './settings-schema';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The demo's donations through the donate page (PayPal Orders), oldest first: who, how much (in
 * cents of the settings' currency), how long ago, PayPal's order and capture ids, and what came of
 * it. Told from the same list by the console test (apps/server/test/demo-console-sections.test.ts).
 */
const DONATIONS: {
  charName: string;
  cents: number;
  ago: number;
  orderId: string;
  captureId: string;
  /** Still waiting for the game when its refund came (the reward queue's pending grant). */
  waiting?: boolean;
  refund?: { id: string; cents: number; ago: number };
  reversal?: { ago: number };
}[] = [
  {
    charName: 'DemoKnight',
    cents: 1000,
    ago: 26 * DAY_MS + 3 * HOUR_MS,
    orderId: '5O190127TN364715T',
    captureId: '3C679366HH908993F',
  },
  {
    charName: 'DemoTrader',
    cents: 2500,
    ago: 21 * DAY_MS + 7 * HOUR_MS,
    orderId: '8AB12735PL110320K',
    captureId: '0TK44598GR5573526',
  },
  // A chargeback after its coins were in the game: flagged for the owner.
  {
    charName: 'DemoArcher',
    cents: 2000,
    ago: 14 * DAY_MS + 2 * HOUR_MS,
    orderId: '2WN58123XJ650104A',
    captureId: '7HV93128AD2845021',
    reversal: { ago: 3 * DAY_MS + 5 * HOUR_MS },
  },
  {
    charName: 'DemoKnight',
    cents: 500,
    ago: 9 * DAY_MS + 11 * HOUR_MS,
    orderId: '9RE44570UC2281330',
    captureId: '1LM08265BS4930719',
  },
  {
    charName: 'DemoArcher',
    cents: 1500,
    ago: 6 * DAY_MS + 4 * HOUR_MS,
    orderId: '4JD71294MW8802115',
    captureId: '6PY20487FN1175364',
  },
  // Refunded in part while its coins still waited: that share is taken back from the queue.
  {
    charName: 'DemoTrader',
    cents: 3000,
    ago: 2 * DAY_MS + 6 * HOUR_MS,
    orderId: '3GX80531KE0297748',
    captureId: '5UA36914TR6620487',
    waiting: true,
    refund: { id: '2FT07741CN3395506', cents: 1000, ago: 1 * DAY_MS + 2 * HOUR_MS },
  },
];

const value = (cents: number) => (cents / 100).toFixed(2);

/**
 * The demo world's donations (embedded database, first run only), so the console's Donations
 * section and its dashboard have something to show: orders of the donate page made, captured and
 * credited by the donations feature's own code (settleCapture, its refund and reversal webhooks),
 * as PayPal would have told them. Their coins go through the demo reward queue (demo-rewards.ts):
 * recorded, and delivered as records only; nothing reaches the game and PayPal is never called.
 */
export const seedDemoDonations = async (
  connections: Connections,
  schema: GameSchema,
  settings: { donations: DonationSettings; rewards: RewardSettings; coinsPerEuro: number },
  now = Date.now(),
): Promise<void> => {
  const site = connections.site.db;
  let clock = now;
  const at = () => clock;
  const waiting = new Set(
    DONATIONS.filter((donation) => donation.waiting).map((donation) => donationRequestId(donation.captureId)),
  );
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const deps: CheckoutDeps = {
    orders: createOrderRepository(site, at),
    donations: createDonationRepository(site, at),
    rewards: demoRewards({
      connections,
      schema,
      settings: settings.rewards,
      now: at,
      outcomeOf: (requestId): DemoOutcome => ({ status: waiting.has(requestId) ? 'pending' : 'delivered' }),
    }),
    site,
    login: connections.login.db,
    game: connections.game.db,
    schema,
    paypal: undefined,
    settings: settings.donations,
    coinsPerEuro: settings.coinsPerEuro,
    publicUrl: 'http://localhost',
    now: at,
    log: quiet,
  };
  const currency = settings.donations.currency;
  const later: { at: number; run: () => Promise<unknown> }[] = [];
  for (const donation of DONATIONS) {
    const character = await findCharacterByName(connections.game.db, schema, donation.charName);
    if (!character) continue;
    const donationId = randomUUID();
    // The donate page's order (startCheckout), PayPal's order id, the donor's approval.
    clock = now - donation.ago;
    await deps.orders.insert({
      donation_id: donationId,
      char_name: character.name,
      char_id: character.charId,
      amount_cents: donation.cents,
      currency,
      coins: coinsForDonation(donation.cents, settings.coinsPerEuro),
    });
    await deps.orders.update(donationId, { order_id: donation.orderId });
    clock += 2 * 60_000;
    await deps.orders.update(donationId, { status: 'approved' }, ['created']);
    // The capture PayPal answered: credited once, its coins granted.
    clock += 5_000;
    await settleCapture(
      deps,
      {
        id: donation.captureId,
        status: 'COMPLETED',
        amount: { currency_code: currency, value: value(donation.cents) },
        custom_id: donationId,
      },
      donation.orderId,
    );
    const { refund, reversal } = donation;
    if (refund) {
      later.push({
        at: now - refund.ago,
        run: () =>
          handleWebhookEvent(deps, {
            event_type: 'PAYMENT.CAPTURE.REFUNDED',
            resource: {
              id: refund.id,
              status: 'COMPLETED',
              amount: { currency_code: currency, value: value(refund.cents) },
              links: [{ rel: 'up', href: `https://api-m.paypal.com/v2/payments/captures/${donation.captureId}` }],
            },
          }),
      });
    }
    if (reversal) {
      later.push({
        at: now - reversal.ago,
        run: () =>
          handleWebhookEvent(deps, {
            event_type: 'PAYMENT.CAPTURE.REVERSED',
            resource: {
              id: donation.captureId,
              status: 'REVERSED',
              amount: { currency_code: currency, value: value(donation.cents) },
            },
          }),
      });
    }
  }
  // PayPal's refund and reversal webhooks, in the order they came.
  for (const event of later.sort((a, b) => a.at - b.at)) {
    clock = event.at;
    await event.run();
  }
};
