import { MAIL_VERSIONS } from '@gatekeeper/contract';
import { z } from 'zod';

/** An environment variable that holds a database URL: the settings name it, the secret stays in the environment. */
const urlVariable = z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'expected the name of an environment variable');

const versionDatabases = z
  .object({
    /** The variable holding the login database URL of this version (accounts and their emails). */
    loginDatabase: urlVariable,
    /** The variable holding its game database URL (characters, for registeredOnly). */
    gameDatabase: urlVariable,
  })
  .strict();

/** The mail form (features/mail): who may send, where each version's players are, how fast mails go out. */
export const mailSettings = z
  .object({
    /** The least accounts.accessLevel that may send (a GM). */
    minAccessLevel: z.number().int().min(1).default(100),
    /** Version -> its databases; a version left out cannot be mailed. */
    versions: z
      .partialRecord(z.enum(MAIL_VERSIONS), versionDatabases)
      .default({ interlude: { loginDatabase: 'LOGIN_DATABASE_URL', gameDatabase: 'GAME_DATABASE_URL' } }),
    /** Mails one instance hands to SMTP per minute. */
    sendPerMinute: z.number().int().min(1).max(60_000).default(60),
    /** Tries per mail before it is given up; the wait doubles after each failure. */
    maxAttempts: z.number().int().min(1).max(20).default(5),
    retryBaseSeconds: z.number().int().min(1).max(86_400).default(60),
    /**
     * How long a claimed mail belongs to the instance sending it. A mail still claimed after this
     * (its instance died while sending) is never sent again: see README, "Mass mail".
     */
    leaseSeconds: z.number().int().min(30).max(86_400).default(600),
    /** How often an idle worker looks for new mails. */
    pollSeconds: z.number().int().min(1).max(3_600).default(10),
  })
  .strict()
  .prefault({});

export type MailSettings = z.infer<typeof mailSettings>;
