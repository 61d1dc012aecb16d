import { z } from 'zod';
import { LANGUAGES, type Language } from './constants';
import { MAIL_CONTENT_MAX, MAIL_SUBJECT_MAX, MAIL_VERSIONS, YES_NO, mailAnswer, mailModel } from './models';
import { boundedText } from './rules';

/**
 * The console's mass mail (docs/product.md#console-mail): the mail page's fields and rules without
 * the login, password and captcha (the stepped-up session is the sender), its empty-field messages
 * as translated codes instead of the mail page's literal English.
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
export const consoleMailAnswer = mailAnswer;

/** Whom a mass mail of this version would reach, before it is sent. */
export const consoleMailRecipientsQuery = z.object({
  version: z.enum(MAIL_VERSIONS, { error: 'consoleMailVersionEmpty' }),
  registeredOnly: z.enum(YES_NO, { error: 'formInvalid' }).default('No'),
});
export type ConsoleMailRecipientsQuery = z.input<typeof consoleMailRecipientsQuery>;

export const consoleMailRecipientsAnswer = z.object({
  /** Mails that would go out, per language of the mail (the player's, else English). */
  perLanguage: z.object(
    Object.fromEntries(LANGUAGES.map((language) => [language, z.number().int()])) as Record<Language, z.ZodNumber>,
  ),
  total: z.number().int(),
  /** Addresses that left this version's list. */
  unsubscribed: z.number().int(),
  /** Accounts without a known email (aCis accounts made in game). */
  unrecorded: z.number().int(),
});
export type ConsoleMailRecipientsAnswer = z.infer<typeof consoleMailRecipientsAnswer>;
