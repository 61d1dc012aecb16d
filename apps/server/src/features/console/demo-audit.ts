import { LANGUAGES, type NewsPostInput } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { AuditLog } from './audit-log';

const MINUTE_MS = 60_000;

/** The demo game master's address (a documentation address: RFC 5737). */
export const DEMO_GM_ADDRESS = '203.0.113.7';

/**
 * The demo world's audit log (embedded database, first run only): the demo game master's console
 * visits, in the lines the console writes (console/routes.ts, news/console-section.ts,
 * accounts/console-section.ts, mail/console-section.ts): a sign-in before each news post it wrote, the post, a look-up of a player
 * before the mass mail, and the mail. Appended by the console's own AuditLog, each at its time.
 */
export const seedDemoAudit = async (
  site: Kysely<SiteDatabase>,
  done: {
    news: { id: number; slug: string; at: number; input: NewsPostInput }[];
    mail?: { jobId: number; at: number; version: string; queued: number; skipped: number; subject: string };
  },
): Promise<void> => {
  let clock = 0;
  const audit = new AuditLog(site, () => clock);
  const gm = { login: 'demogamemaster', role: 'gm', address: DEMO_GM_ADDRESS };
  const lines: { at: number; action: string; record?: string; detail?: string }[] = [];
  for (const post of done.news) {
    const languages = LANGUAGES.filter((language) => language === 'en' || post.input.texts[language].title !== '');
    lines.push({ at: post.at - 12 * MINUTE_MS, action: 'signIn', detail: 'totp' });
    lines.push({
      at: post.at,
      action: 'news.create',
      record: `post ${post.id} ${post.slug}`,
      detail: `${post.input.state} ${new Date(post.input.publishAt).toISOString()}${post.input.pinned ? ' pinned' : ''} [${languages.join(',')}]`,
    });
  }
  if (done.mail) {
    const { mail } = done;
    lines.push({ at: mail.at - 20 * MINUTE_MS, action: 'signIn', detail: 'totp' });
    lines.push({ at: mail.at - 15 * MINUTE_MS, action: 'account.lookup', record: 'DemoTrader', detail: 'demotrader' });
    lines.push({
      at: mail.at,
      action: 'mail.send',
      record: `job ${mail.jobId}`,
      detail: `${mail.version}: ${mail.queued} queued, ${mail.skipped} left out; ${mail.subject}`,
    });
  }
  for (const line of lines.sort((a, b) => a.at - b.at)) {
    clock = line.at;
    await audit.record({ ...gm, action: line.action, record: line.record, detail: line.detail });
  }
};
