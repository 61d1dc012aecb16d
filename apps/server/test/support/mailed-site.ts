import { FAST_ALTCHA_SETTINGS } from './altcha-solver';
import type { FlavorName } from '../../src/game/flavors';
import { type AppUnderTest, startApp } from '../app-under-test';
import { type DatabaseKind, type TestDatabases, createTestDatabases } from '../databases';
import { type TestClock, testClock } from './clock';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

/** A site on fresh databases whose mails reach an SMTP sink, on a clock the test moves. */
export interface MailedSite {
  databases: TestDatabases;
  site: AppUnderTest;
  smtp: SmtpSink;
  clock: TestClock;
}

export const startMailedSite = async (
  kind: DatabaseKind,
  options: { publicUrl: string; settings: unknown; flavor?: FlavorName },
): Promise<MailedSite> => {
  const [databases, smtp] = await Promise.all([createTestDatabases(kind, { flavor: options.flavor }), startSmtpSink()]);
  const clock = testClock();
  const site = await startApp(databases, {
    env: { SMTP_URL: smtp.url, PUBLIC_URL: options.publicUrl, TRUST_PROXY: 'true' },
    settings: options.settings,
    now: clock.now,
  });
  return { databases, site, smtp, clock };
};

export const stopMailedSite = async (parts: Partial<MailedSite>): Promise<void> => {
  await parts.site?.close();
  await parts.smtp?.close();
  await parts.databases?.drop();
};

/** Settings for the account tools under test: a quick captcha and no rate limit in the way. */
export const accountToolSettings = (accounts: {
  maxFailedAttempts: number;
  lockoutMinutes: number;
  failedChecksPerAddressPerHour: number;
}) => ({
  captcha: FAST_ALTCHA_SETTINGS,
  accounts: { requestsPerMinute: 1000, ...accounts },
});
