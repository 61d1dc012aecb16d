import { OutboxRepository } from '../../src/features/mail/outbox-repository';
import type { TestDatabases } from '../databases';

/** A GM's mass mail put straight into the outbox, as the mail form would queue it. */
export const queueMailJob = (
  databases: TestDatabases,
  mails: { email: string; login: string; language: string }[],
): Promise<number> =>
  new OutboxRepository(databases.connections.site.db, databases.connections.site.dialect).enqueue({
    createdBy: 'demogamemaster',
    createdAt: Date.now(),
    version: 'interlude',
    registeredOnly: false,
    test: false,
    subject: 'Siege on Saturday',
    html: '<p>Bring potions.</p>',
    skipped: 0,
    mails,
  });
