import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { GameDatabase, SiteDatabase } from '../../db/tables';
import type { GameSchema } from '../../game/schema-check';
import { type CommandOutput, commandTime, table } from '../../infra/command-output';
import { fitText } from '../../infra/fit-text';
import { requeueReward } from '../rewards/reward-queue';
import { donationRequestId } from './crediting';
import { LEDGER_STATES, type LedgerEntry, readLedger } from './ledger';

export const DONATIONS_COMMAND_USAGE = [
  'Usage: npm run donations -- [--find TEXT] [--state STATE] [--flagged] [--limit N]',
  '       npm run donations -- --requeue PAYPAL-ID',
  '       npm run donations -- --actions',
  '',
  '  (no option)      the latest donations, newest first, with their state and their coins',
  '  --find TEXT      a character, an account, a PayPal order, capture or transaction id, a payer e-mail',
  `  --state STATE    only this state: ${LEDGER_STATES.join(', ')}`,
  '  --flagged        only those that need you: money back with coins in the game, a delivery that',
  '                   failed, coins without a character',
  '  --limit N        how many (default 30)',
  '  --requeue ID     puts the failed or taken-back delivery of a donation (its capture or transaction',
  '                   id) back in line: the running site delivers it within rewards.retrySeconds',
  '  --actions        what was done with this command, and by whom',
].join('\n');

export type DonationsCommand =
  | { action: 'list'; find?: string; state?: string; flagged: boolean; limit: number }
  | { action: 'requeue'; id: string }
  | { action: 'actions' };

/** The command line of `npm run donations`: the command, or the exit code when there is nothing to do. */
export const parseDonationsCommand = (args: string[], output: CommandOutput): DonationsCommand | number => {
  let values: {
    find?: string;
    state?: string;
    flagged?: boolean;
    limit?: string;
    requeue?: string;
    actions?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        find: { type: 'string' },
        state: { type: 'string' },
        flagged: { type: 'boolean' },
        limit: { type: 'string' },
        requeue: { type: 'string' },
        actions: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    output.err(`${(error as Error).message}\n\n${DONATIONS_COMMAND_USAGE}`);
    return 2;
  }
  if (values.help) {
    output.out(DONATIONS_COMMAND_USAGE);
    return 0;
  }
  if (values.requeue !== undefined) return { action: 'requeue', id: values.requeue.trim() };
  if (values.actions) return { action: 'actions' };
  if (values.state !== undefined && !(LEDGER_STATES as readonly string[]).includes(values.state)) {
    output.err(`--state must be one of ${LEDGER_STATES.join(', ')}`);
    return 2;
  }
  const limit = values.limit === undefined ? 30 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    output.err('--limit must be a whole number above 0');
    return 2;
  }
  return {
    action: 'list',
    ...(values.find !== undefined ? { find: values.find } : {}),
    ...(values.state !== undefined ? { state: values.state } : {}),
    flagged: values.flagged === true,
    limit,
  };
};

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/** The coins of the refunds: taken back from the queue, and those in the game left to the owner. */
const coinsBack = (entry: LedgerEntry): string => {
  const parts = [
    ...(entry.coinsTakenBack > 0 ? [`${entry.coinsTakenBack} taken back`] : []),
    ...(entry.coinsByHand > 0 ? [`${entry.coinsByHand} in game`] : []),
    ...(entry.walletShortfall > 0 ? [`${entry.walletShortfall} spent from the wallet`] : []),
    ...(entry.supporterShortfall > 0 ? [`${entry.supporterShortfall} of the partner's share spent`] : []),
    ...(entry.refundUnsettled ? ['a refund not counted'] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : '-';
};

const printLedger = (entries: LedgerEntry[], output: CommandOutput) => {
  if (entries.length === 0) {
    output.out('No donations match.');
    return;
  }
  const rows = entries.map((entry) => [
    commandTime(entry.at),
    entry.flagged ? `${entry.state} !` : entry.state,
    entry.charName || (entry.account ? `wallet ${entry.account}` : '-'),
    money(entry.cents, entry.currency),
    String(entry.coins),
    entry.reward,
    entry.refundedCents > 0 ? money(entry.refundedCents, entry.currency) : '-',
    coinsBack(entry),
    // PayPal's order or IPN; Stripe's Checkout Session or Mercado Pago's preference, named.
    entry.provider !== 'paypal'
      ? `${entry.provider} ${entry.orderId || '-'}`
      : entry.via === 'orders'
        ? entry.orderId || '-'
        : 'IPN',
    entry.txnId || '-',
    entry.detail.replace(/\s+/g, ' ').slice(0, 70),
  ]);
  for (const line of table(
    [
      'started (UTC)',
      'state',
      'character',
      'amount',
      'coins',
      'reward',
      'refunded',
      'coins back',
      'PayPal order',
      'capture / txn',
      'detail',
    ],
    rows,
  )) {
    output.out(line);
  }
  if (entries.some((entry) => entry.flagged)) {
    output.out('');
    output.out('! needs you: see docs/owner/payments.md (refunds after delivery: "in game" coins, failed deliveries).');
  }
};

export interface DonationsCommandDeps {
  site: Kysely<SiteDatabase>;
  game: Kysely<GameDatabase>;
  schema: Pick<GameSchema, 'flavor'>;
  /** Who runs the command (the operating system user), for the actions log. */
  actor: string;
  now: () => number;
  output: CommandOutput;
}

const logAction = (deps: DonationsCommandDeps, action: string, target: string, result: string) =>
  deps.site
    .insertInto('site_donation_actions')
    .values({
      at: deps.now(),
      actor: fitText(deps.actor, 64),
      action,
      target: fitText(target, 64),
      result: fitText(result, 255),
    })
    .execute();

export const runDonationsCommand = async (command: DonationsCommand, deps: DonationsCommandDeps): Promise<number> => {
  const { output } = deps;
  if (command.action === 'list') {
    printLedger(await readLedger(deps, command), output);
    return 0;
  }
  if (command.action === 'actions') {
    const actions = await deps.site
      .selectFrom('site_donation_actions')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    if (actions.length === 0) {
      output.out('Nothing was done with this command yet.');
      return 0;
    }
    for (const line of table(
      ['at (UTC)', 'who', 'action', 'donation', 'result'],
      actions.map((row) => [commandTime(Number(row.at)), row.actor, row.action, row.target, row.result]),
    )) {
      output.out(line);
    }
    return 0;
  }
  // The provider whose payment it is (Stripe's and Mercado Pago's grants are keyed by provider).
  const entry = (await readLedger(deps, { find: command.id, limit: 50 })).find((found) => found.txnId === command.id);
  const before = await requeueReward(deps.site, donationRequestId(command.id, entry?.provider), deps.now());
  const result =
    before === 'missing'
      ? 'no delivery of that id'
      : before === 'failed' || before === 'cancelled'
        ? `re-queued (was ${before})`
        : `not re-queued: it is ${before}`;
  await logAction(deps, 'requeue', command.id, result);
  if (before === 'failed' || before === 'cancelled') {
    output.out(`${command.id}: ${result}; the running site delivers it within rewards.retrySeconds.`);
    return 0;
  }
  output.err(`${command.id}: ${result}.`);
  return 1;
};
