import type { MailVersion } from '@gatekeeper/contract';
import type { Connections } from '../../db/connections';
import type { GameSchema } from '../../game/schema-check';
import { sanitizeMailHtml } from './mail-content';
import { OutboxRepository } from './outbox-repository';
import { recoveryLanguages } from '../accounts/recovery-keys';
import { findRecipients } from './recipients';
import type { MailSettings } from './settings-schema';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The demo's mass mail: the demo game master's, about the event of the demo's news. */
export const DEMO_MAIL = {
  sender: 'demogamemaster',
  ago: 9 * DAY_MS + 5 * HOUR_MS,
  subject: 'Siege of Giran this Saturday: double Adena all weekend',
  html:
    '<p>Greetings, adventurer!</p>' +
    '<p>This Saturday at 20:00 the lords of Aden gather their clans before the walls of <b>Giran Castle</b>. ' +
    'Register your clan with the siege manager by Friday night.</p>' +
    '<p>From Friday 18:00 to Monday 06:00 every monster drops <b>double Adena</b>. See you on the battlefield!</p>' +
    '<p>The Gatekeeper team</p>',
  /** What the receiving server answered for the mails it refused. */
  refusal: (email: string) => `550 5.1.1 <${email}>: Recipient address rejected: User unknown in virtual mailbox table`,
} as const;

/** The demo's mass mail as the console's audit line tells it. */
export interface DemoMailJob {
  jobId: number;
  at: number;
  version: MailVersion;
  queued: number;
  skipped: number;
  subject: string;
}

/**
 * The demo world's mass mail (embedded database, first run only), so the console's Mail section
 * lists failed mails and the dashboard's outbox has figures: the demo game master's mail to the
 * players with a character of the site's own version, queued by the mail feature's own outbox
 * (enqueue) and taken through it as the mail worker would have, nine days ago: every mail claimed
 * and marked sent, but the last one or two (two of ten or more), which the receiving server
 * refused until the retry window was over. Nothing is sent, and nothing is left pending: the mail
 * worker finds no work in them. Answers the job, or nothing when the settings mail no version of
 * the site's own databases.
 */
export const seedDemoMail = async (
  connections: Connections,
  schema: GameSchema,
  settings: Pick<MailSettings, 'versions' | 'retryForHours'>,
  now = Date.now(),
): Promise<DemoMailJob | undefined> => {
  const own = (
    Object.entries(settings.versions) as [MailVersion, { loginDatabase: string; gameDatabase: string }][]
  ).find(
    ([, databases]) =>
      databases.loginDatabase === 'LOGIN_DATABASE_URL' && databases.gameDatabase === 'GAME_DATABASE_URL',
  );
  if (!own) return undefined;
  const site = connections.site.db;
  const outbox = new OutboxRepository(site, connections.site.dialect);
  const { recipients, unrecorded } = await findRecipients(
    {
      login: connections.login.db,
      game: connections.game.db,
      schema: () => Promise.resolve(schema),
      ownLogin: true,
    },
    site,
    { registeredOnly: true },
  );
  if (recipients.length === 0) return undefined;
  const languageOf = await recoveryLanguages(site);
  const sentAt = now - DEMO_MAIL.ago;
  const jobId = await outbox.enqueue({
    createdBy: DEMO_MAIL.sender,
    createdAt: sentAt,
    version: own[0],
    registeredOnly: true,
    test: false,
    subject: DEMO_MAIL.subject,
    html: sanitizeMailHtml(DEMO_MAIL.html),
    skipped: unrecorded,
    mails: recipients.map((recipient) => ({ ...recipient, language: languageOf(recipient.login) })),
  });
  const failing = new Set(recipients.slice(recipients.length >= 10 ? -2 : -1).map((recipient) => recipient.email));
  const claim = `demo-${jobId}`;
  // The first pass: every mail sent, a second apart, but the refused ones, tried again in an hour.
  let clock = sentAt;
  for (let row = await outbox.claimNext(claim, clock, clock + 60_000); row;) {
    if (failing.has(row.email)) {
      await outbox.markFailedAttempt(row, claim, DEMO_MAIL.refusal(row.email), clock + HOUR_MS, clock);
    } else {
      await outbox.markSent(row.id, claim, clock);
    }
    clock += 1_000;
    row = await outbox.claimNext(claim, clock, clock + 60_000);
  }
  // The last try, at the end of the retry window (or a minute ago, were the window longer): given up.
  clock = Math.min(sentAt + settings.retryForHours * HOUR_MS, now - 60_000);
  for (let row = await outbox.claimNext(claim, clock, clock + 60_000); row;) {
    await outbox.markFailedAttempt(row, claim, DEMO_MAIL.refusal(row.email), undefined, clock);
    row = await outbox.claimNext(claim, clock, clock + 60_000);
  }
  return {
    jobId,
    at: sentAt,
    version: own[0],
    queued: recipients.length,
    skipped: unrecorded,
    subject: DEMO_MAIL.subject,
  };
};
