import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { limitPerMinute, registerRateLimit } from '../../infra/rate-limit';
import { checkCode } from '../accounts/credentials';
import { donationRequestId } from '../donations/crediting';
import type { RewardDelivery } from '../rewards/reward-delivery';
import { requeueReward } from '../rewards/reward-queue';
import type { AccountSessions } from '../sessions/account-sessions';
import type { ConsoleGate } from './console-gate';
import {
  type OwnerSectionsDeps,
  donationEntry,
  donationsCsv,
  donationsPage,
  lookUpAccounts,
  resolveDonation,
  votesSection,
} from './owner-sections';
import type { PasskeyStepUp } from './passkey-step-up';
import { rewardStatusOf } from './rewards-section';
import { accountViewFor, mayFind } from './staff-privacy';

export interface ConsoleOwnerRoutesOptions {
  gate: ConsoleGate;
  sessions: AccountSessions;
  passkey: PasskeyStepUp;
  sections: OwnerSectionsDeps;
  rewards: Pick<RewardDelivery, 'retryFailed'>;
  requestsPerMinute: number;
  redis?: Redis;
}

/**
 * The console's passkey step-up and its Donations, Votes and Accounts sections
 * (docs/owner/console.md): a gm reads, only an owner acts on a donation; every action and every
 * account look-up is in the audit log.
 */
export const consoleOwnerRoutes = async (app: FastifyInstance, options: ConsoleOwnerRoutesOptions): Promise<void> => {
  const { gate, sessions, passkey, sections } = options;
  await registerRateLimit(app, options.redis);
  const limited = limitPerMinute(options.requestsPerMinute);
  const site = sections.connections.site.db;

  // The passkey step-up: options bound to this session, then the assertion, as decision 028's sign-in.
  gate.route(
    app,
    'consoleStepUpPasskeyOptions',
    'gm',
    async ({ actor }, _request, reply) => {
      if (!(await passkey.isOn(actor.login))) return reply.code(400).send(['consoleNeedsSecondFactor']);
      return reply.send(await passkey.options(actor.login, actor.sessionHash, sections.now()));
    },
    { stepUp: false, config: limited.config },
  );
  gate.route(
    app,
    'consoleSignInPasskey',
    'gm',
    async ({ actor, body }, request, reply) => {
      if (!(await passkey.isOn(actor.login))) return reply.code(400).send(['consoleNeedsSecondFactor']);
      const deps = sessions.credentials;
      const checked = await checkCode(deps, actor.login, request.ip, () =>
        passkey.verifyAssertion({
          login: actor.login,
          sessionHash: actor.sessionHash,
          response: body.response,
          now: sessions.now(),
        }),
      );
      if (checked !== 'right') {
        await gate.record(actor, 'signInFailed', '', checked === 'refused' ? 'passkey locked' : 'passkey');
        return reply.code(400).send([checked === 'wrong' ? 'passkeyRefused' : 'tooManyAttempts']);
      }
      await gate.grantStepUp(actor);
      await gate.record(actor, 'signIn', '', 'passkey');
      return reply.send([]);
    },
    { stepUp: false, config: limited.config },
  );

  // Donations (docs/owner/console.md#donations): the ledger of `npm run donations`; a gm reads it.
  gate.route(app, 'getConsoleDonations', 'gm', async ({ query }, _request, reply) =>
    reply.send(await donationsPage(sections, query)),
  );
  gate.route(app, 'getConsoleDonationsCsv', 'gm', async ({ actor, query }, _request, reply) => {
    const csv = await donationsCsv(sections, query);
    const filter = [query.q && `q=${query.q}`, query.state && `state=${query.state}`, query.flagged && 'flagged']
      .filter(Boolean)
      .join(' ');
    await gate.record(actor, 'donations.export', '', filter);
    const day = new Date(sections.now()).toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="donations-${day}.csv"`)
      .send(csv);
  });
  // The owner's actions: a failed or taken-back delivery back in line (the command's --requeue) ...
  gate.route(app, 'retryConsoleDonation', 'owner', async ({ actor, body }, _request, reply) => {
    const entry = await donationEntry(sections, body.txnId);
    if (!entry) return reply.code(404).send(['consoleDonationNotFound']);
    const requestId = donationRequestId(entry.txnId);
    const before = await requeueReward(site, requestId, sections.now());
    if (before !== 'failed' && before !== 'cancelled') return reply.code(400).send(['consoleDonationNotRetryable']);
    // Delivered now when the game allows it, as the background retry would (each grant claimed once).
    await options.rewards.retryFailed();
    const after = (await rewardStatusOf(site, requestId)) ?? 'missing';
    await gate.record(actor, 'donation.retry', entry.txnId, `${before} -> ${after}`);
    return reply.send({ before, after });
  });
  // ... and a flagged donation marked handled, with the owner's note.
  gate.route(app, 'resolveConsoleDonation', 'owner', async ({ actor, body }, _request, reply) => {
    const entry = await donationEntry(sections, body.txnId);
    if (!entry) return reply.code(404).send(['consoleDonationNotFound']);
    if (!entry.flagged) return reply.code(400).send(['consoleDonationNotFlagged']);
    await resolveDonation(site, { txnId: entry.txnId, login: actor.login, note: body.note, now: sections.now() });
    await gate.record(actor, 'donation.resolve', entry.txnId, body.note);
    return reply.send({ before: 'flagged', after: 'resolved' });
  });

  // Votes (docs/owner/console.md#votes): claims per site per day, and the sites that did not answer.
  gate.route(app, 'getConsoleVotes', 'gm', async (_input, _request, reply) => reply.send(await votesSection(sections)));

  // Accounts (docs/owner/console.md#accounts): read only; who looked up whom is in the audit log.
  // A GM sees another staff account's e-mail and sign-in addresses masked, and does not find it by e-mail (staff-privacy.ts).
  gate.route(app, 'getConsoleAccount', 'gm', async ({ actor, query }, _request, reply) => {
    if (query.q === '') return reply.code(400).send(['consoleLookupRequired']);
    const accounts = (await lookUpAccounts(sections, query.q))
      .filter((view) => mayFind(actor, view, gate.isStaff(view.accessLevel)))
      .map((view) => accountViewFor(actor, view, gate.isStaff(view.accessLevel)));
    await gate.record(actor, 'account.lookup', query.q, accounts.map((account) => account.login).join(' '));
    return reply.send({ accounts });
  });
};
