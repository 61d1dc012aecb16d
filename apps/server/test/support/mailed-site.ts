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
/**
 * The settings of a mail suite: the account tools' limits, and two versions to mail, interlude on
 * the site's own databases and highfive on the databases the variables of `highfive` name.
 */
export const twoVersionMailSettings = (
  highfive: { login: string; game: string },
  maxFailedAttempts: number,
  mail: object = {},
) => {
  const base = accountToolSettings({ maxFailedAttempts, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 });
  return {
    ...base,
    mail: {
      versions: {
        interlude: { loginDatabase: 'LOGIN_DATABASE_URL', gameDatabase: 'GAME_DATABASE_URL' },
        highfive: { loginDatabase: highfive.login, gameDatabase: highfive.game },
      },
      sendPerMinute: 60_000,
      pollSeconds: 1,
      ...mail,
    },
  };
};

export const accountToolSettings = (accounts: {
  maxFailedAttempts: number;
  lockoutMinutes: number;
  failedChecksPerAddressPerHour: number;
}) => ({
  captcha: FAST_ALTCHA_SETTINGS,
  accounts: { requestsPerMinute: 1000, ...accounts },
});
