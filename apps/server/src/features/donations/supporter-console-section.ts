import { type ConsoleSupporterCodeRow, percentOfShare } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import { toCsv } from '../../infra/csv';
import type { ConsoleDoor } from '../../infra/console-door';
import type { SupporterCodes } from './supporter-codes';

const amountText = (row: ConsoleSupporterCodeRow): string =>
  row.amounts.map((amount) => `${(amount.cents / 100).toFixed(2)} ${amount.currency}`).join(' + ');

/**
 * The supporter codes of the console's Donations section (docs/owner/payments.md#supporter-codes):
 * the codes with what each brought, a code added or changed (disabled: enabled false), and the
 * CSV. Owner only; every change and export is in the audit log.
 */
export const supporterCodesConsoleSection = async (
  app: FastifyInstance,
  options: { door: ConsoleDoor; supporters: Pick<SupporterCodes, 'list' | 'save'>; now: () => number },
): Promise<void> => {
  const { door, supporters, now } = options;
  door.route(app, 'getConsoleSupporterCodes', 'owner', async ({ query }, _request, reply) =>
    reply.send({ rows: await supporters.list(query.q) }),
  );
  door.route(app, 'saveConsoleSupporterCode', 'owner', async ({ actor, body }, _request, reply) => {
    const { supporter } = body;
    const saved = await supporters.save(supporter);
    if ('error' in saved) {
      return reply.code(saved.error === 'supporterCodeUnknown' ? 404 : 400).send([saved.error]);
    }
    const ends = supporter.endsAt === null ? 'no end' : `ends ${new Date(supporter.endsAt).toISOString()}`;
    await door.record(
      actor,
      supporter.create ? 'donations.supporter.add' : 'donations.supporter.edit',
      saved.code,
      `${supporter.partnerLogin}, ${percentOfShare(supporter.shareBasisPoints)} %, ${supporter.enabled ? 'enabled' : 'disabled'}, ${ends}`,
    );
    return reply.send(saved);
  });
  door.route(app, 'getConsoleSupporterCodesCsv', 'owner', async ({ actor, query }, _request, reply) => {
    const rows = await supporters.list(query.q);
    const csv = toCsv(
      [
        'code',
        'partner',
        'share_percent',
        'enabled',
        'ends',
        'donations',
        'amount',
        'coins_credited',
        'coins_taken_back',
        'shortfall',
      ],
      rows.map((row) => [
        row.code,
        row.partnerLogin,
        percentOfShare(row.shareBasisPoints),
        row.enabled ? 'yes' : 'no',
        row.endsAt === null ? '' : new Date(row.endsAt).toISOString(),
        row.donations,
        amountText(row),
        row.coinsCredited,
        row.coinsTakenBack,
        row.shortfall,
      ]),
    );
    await door.record(actor, 'donations.supporter.export', '', query.q ? `q=${query.q}` : '');
    const day = new Date(now()).toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="supporter-codes-${day}.csv"`)
      .send(csv);
  });
};
