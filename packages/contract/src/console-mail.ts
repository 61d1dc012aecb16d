import { z } from 'zod';
import { LANGUAGES, type Language } from './constants';
import { MAIL_CONTENT_MAX, MAIL_SUBJECT_MAX, MAIL_VERSIONS, YES_NO, mailAnswer, mailModel } from './models';
import { boundedText } from './rules';

/**
 * The console's mass mail (docs/product.md#console-mail): the mail page's fields and rules without
 * the login, password and captcha (the stepped-up session is the sender), its empty-field messages
 * as translated codes instead of the mail page's literal English. What the write step holds: the
 * preview renders it, the send adds the confirmed count.
 */
export const consoleMailModel = mailModel.omit({ username: true, password: true, captcha: true }).extend({
  subject: boundedText(MAIL_SUBJECT_MAX, 'mail.form.subjectTooLong').min(1, {
    error: 'consoleMailSubjectEmpty',
    abort: true,
  }),
  version: z.enum(MAIL_VERSIONS, { error: 'consoleMailVersionEmpty' }),
  registeredOnly: z.enum(YES_NO, { error: 'formInvalid' }).default('No'),
  content: boundedText(MAIL_CONTENT_MAX, 'mail.form.contentTooLong').min(1, {
    error: 'consoleMailContentEmpty',
    abort: true,
  }),
});
export type ConsoleMailModel = z.input<typeof consoleMailModel>;

/**
 * The send: the written mail and the number of recipients the sender confirmed ("Send to 897
 * players?"). When a send would reach another number now, nothing is queued.
 */
export const consoleMailSendModel = consoleMailModel.extend({
  expectedRecipients: z.number({ error: 'formInvalid' }).int().min(0).max(2_147_483_647),
});
export type ConsoleMailSendModel = z.input<typeof consoleMailSendModel>;
export const consoleMailAnswer = mailAnswer;

/** Whom a mass mail of this version (or to these test addresses) would reach, before it is sent. */
export const consoleMailRecipientsQuery = z.object({
  version: z.enum(MAIL_VERSIONS, { error: 'consoleMailVersionEmpty' }),
  registeredOnly: z.enum(YES_NO, { error: 'formInvalid' }).default('No'),
  testEmails: mailModel.shape.testEmails,
});
export type ConsoleMailRecipientsQuery = z.input<typeof consoleMailRecipientsQuery>;

const perLanguage = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(LANGUAGES.map((language) => [language, value])) as Record<Language, T>);

export const consoleMailRecipientsAnswer = z.object({
  /** Mails that would go out, per language of the mail (the player's, else English). */
  perLanguage: perLanguage(z.number().int()),
  total: z.number().int(),
  /** Addresses that left this version's list. */
  unsubscribed: z.number().int(),
  /** Accounts without a known email (aCis accounts made in game). */
  unrecorded: z.number().int(),
});
export type ConsoleMailRecipientsAnswer = z.infer<typeof consoleMailRecipientsAnswer>;

/** One language's mail as the mail worker would send it: subject, HTML and text parts, the footer in each. */
export const consoleMailPreview = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type ConsoleMailPreview = z.infer<typeof consoleMailPreview>;

/** The written mail rendered in every language, for a sample recipient (the sender's login). */
export const consoleMailPreviewAnswer = z.object({ mails: perLanguage(consoleMailPreview) });
export type ConsoleMailPreviewAnswer = z.infer<typeof consoleMailPreviewAnswer>;

/** A queued mass mail, by the job number the send answered. */
export const consoleMailJobQuery = z.object({
  jobId: z.coerce
    .number({ error: 'consoleMailJobNotFound' })
    .int({ error: 'consoleMailJobNotFound' })
    .positive({ error: 'consoleMailJobNotFound' })
    .max(2_147_483_647, { error: 'consoleMailJobNotFound' }),
});
export type ConsoleMailJobQuery = z.input<typeof consoleMailJobQuery>;

/** How far a mass mail went: its mails still to send (pending or in SMTP's hands), sent and given up. */
export const consoleMailJobAnswer = z.object({
  jobId: z.number().int(),
  queued: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Nothing left to send: every mail is sent or given up. */
  done: z.boolean(),
});
export type ConsoleMailJobAnswer = z.infer<typeof consoleMailJobAnswer>;
