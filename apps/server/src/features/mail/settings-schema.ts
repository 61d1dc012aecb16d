import { MAIL_VERSIONS } from '@gatekeeper/contract';
import { z } from 'zod';

/** An environment variable that holds a database URL: the settings name it, the secret stays in the environment. */
const urlVariable = z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'expected the name of an environment variable');

const versionDatabases = z
  .object({
    loginDatabase: urlVariable.describe(
      'The environment variable holding the login database URL of this version (accounts and their emails).',
    ),
    gameDatabase: urlVariable.describe(
      'The environment variable holding its game database URL (characters, for "Registered only").',
    ),
  })
  .strict();

/** The mail form (features/mail): who may send, where each version's players are, how fast mails go out. */
export const mailSettings = z
  .object({
    minAccessLevel: z
      .number()
      .int()
      .min(1)
      .default(100)
      .describe(
        'The least access level an account needs to send from the mail form (a GM): accounts.accessLevel on L2J, access_level on aCis.',
      ),
    versions: z
      .partialRecord(z.enum(MAIL_VERSIONS), versionDatabases)
      .default({ interlude: { loginDatabase: 'LOGIN_DATABASE_URL', gameDatabase: 'GAME_DATABASE_URL' } })
      .describe(
        'The versions the mail form reaches, each naming the environment variables that hold its database URLs (e.g. `{ "loginDatabase": "HF_LOGIN_URL", "gameDatabase": "HF_GAME_URL" }`); `LOGIN_DATABASE_URL` and `GAME_DATABASE_URL` are the site\'s own. A version left out cannot be mailed.',
      ),
    sendPerMinute: z
      .number()
      .int()
      .min(1)
      .max(60_000)
      .default(60)
      .describe('Mails one instance hands to SMTP per minute.'),
    retryBaseSeconds: z
      .number()
      .int()
      .min(1)
      .max(86_400)
      .default(60)
      .describe("The wait after a mail's first failed try; it doubles after each failure, up to `retryMaxSeconds`."),
    retryMaxSeconds: z
      .number()
      .int()
      .min(1)
      .max(86_400)
      .default(1_800)
      .describe('The longest wait between two tries of a mail.'),
    retryForHours: z
      .number()
      .min(0)
      .max(24 * 30)
      .default(24)
      .describe(
        'How long after its first try a mail is still tried again before it is marked failed (`npm run mail -- --retry-failed` sends failed mails again).',
      ),
    maxAttempts: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        'No longer used (mails were given up after this many tries): `retryForHours` decides. Accepted so that old files still load.',
      ),
    leaseSeconds: z
      .number()
      .int()
      .min(30)
      .max(86_400)
      .default(600)
      .describe(
        "How long a mail being sent belongs to its instance; keep it above your SMTP server's slowest answer. A mail still claimed after this (its instance died while sending) is sent again, with the same Message-ID (see mail.md).",
      ),
    pollSeconds: z
      .number()
      .int()
      .min(1)
      .max(3_600)
      .default(10)
      .describe('How often an idle instance looks for mails to send.'),
  })
  .strict()
  .prefault({})
  .describe(
    "The mass mail form (route `mail`) and its outbox: who may send, where each version's players are, how fast mails go out (see mail.md).",
  );

export type MailSettings = z.infer<typeof mailSettings>;
