import { describe, expect, it } from 'vitest';
import { MAIL_FORM_MESSAGES } from './error-codes';
import { MAIL_CONTENT_MAX, MAIL_SUBJECT_MAX, mailModel } from './models';
import { MAIL_TEST_EMAILS_MAX, splitTestEmails } from './rules';

const valid = {
  username: 'demogamemaster',
  password: 'Master.Pass3',
  subject: 'Opening',
  version: 'interlude',
  registeredOnly: 'No',
  testEmails: '',
  content: '<p>Hi</p>',
  captcha: 'solved',
};

const messages = (input: object) => {
  const parsed = mailModel.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('mail model', () => {
  it('accepts a complete form and defaults registeredOnly to No', () => {
    expect(messages(valid)).toEqual([]);
    const { registeredOnly: _omitted, ...rest } = valid;
    expect(mailModel.parse(rest).registeredOnly).toBe('No');
  });

  it('says which field is empty, in the literal English of the spec', () => {
    expect(
      messages({
        username: ' ',
        password: '',
        subject: '',
        version: '',
        registeredOnly: '',
        content: '  ',
        captcha: '',
      }),
    ).toEqual([
      MAIL_FORM_MESSAGES.usernameEmpty,
      MAIL_FORM_MESSAGES.passwordEmpty,
      MAIL_FORM_MESSAGES.subjectEmpty,
      MAIL_FORM_MESSAGES.versionEmpty,
      MAIL_FORM_MESSAGES.registeredOnlyEmpty,
      MAIL_FORM_MESSAGES.contentEmpty,
      'CaptchaEmpty',
    ]);
  });

  it('knows the four versions only', () => {
    for (const version of ['interlude', 'highfive', 'classic', 'god'])
      expect(messages({ ...valid, version })).toEqual([]);
    expect(messages({ ...valid, version: 'gracia' })).toEqual([MAIL_FORM_MESSAGES.versionEmpty]);
  });

  it('limits subject and content at their boundaries', () => {
    expect(messages({ ...valid, subject: 'x'.repeat(MAIL_SUBJECT_MAX) })).toEqual([]);
    expect(messages({ ...valid, subject: 'x'.repeat(MAIL_SUBJECT_MAX + 1) })).toEqual(['mail.form.subjectTooLong']);
    expect(messages({ ...valid, content: 'x'.repeat(MAIL_CONTENT_MAX) })).toEqual([]);
    expect(messages({ ...valid, content: 'x'.repeat(MAIL_CONTENT_MAX + 1) })).toEqual(['mail.form.contentTooLong']);
  });

  it('reads test addresses separated by commas, semicolons, spaces or lines, each once', () => {
    expect(splitTestEmails(' A@example.com, b@example.com;\nc@example.com a@EXAMPLE.com ')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
    expect(splitTestEmails('')).toEqual([]);
  });

  it('accepts up to 20 valid test addresses and nothing else', () => {
    const list = (count: number) => Array.from({ length: count }, (_, i) => `t${i}@example.com`).join(',');
    expect(messages({ ...valid, testEmails: list(MAIL_TEST_EMAILS_MAX) })).toEqual([]);
    expect(messages({ ...valid, testEmails: list(MAIL_TEST_EMAILS_MAX + 1) })).toEqual(['mail.form.testEmailsInvalid']);
    expect(messages({ ...valid, testEmails: 'a@example.com, not-an-address' })).toEqual([
      'mail.form.testEmailsInvalid',
    ]);
    expect(messages({ ...valid, testEmails: 'smile\u{1F600}@example.com' })).toEqual(['mail.form.testEmailsInvalid']);
  });
});
