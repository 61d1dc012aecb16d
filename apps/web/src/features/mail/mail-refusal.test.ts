import { ERROR_CODES, MAIL_FORM_MESSAGES, MAIL_REFUSALS } from '@gatekeeper/contract/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { CallError } from '../../api/client';
import { initTestI18n } from '../../test-support/i18n';
import { mailRefusalTexts } from './mail-refusal';

describe('a refusal of the mail call', () => {
  let t: (key: string) => string;
  beforeAll(async () => {
    const i18n = await initTestI18n();
    t = (key) => i18n.t(key);
  });

  it('is shown in words, never as its key', () => {
    expect(mailRefusalTexts(new CallError(403, ['mail.notAllowed']), t)).toEqual([
      'This account may not send mails to players.',
    ]);
    expect(mailRefusalTexts(new CallError(400, ['wrongUsernameOrPassword']), t)).toEqual([
      'The username or password is not correct.',
    ]);
    expect(mailRefusalTexts(new CallError(429, ['tooManyRequests']), t)).toEqual([
      'Too many requests. Please slow down and try again in a minute.',
    ]);
  });

  it('tells a service down for a moment in words (503), and any other server fault as no refusal', () => {
    expect(mailRefusalTexts(new CallError(503, ['serviceUnavailable']), t)).toEqual([t('serviceUnavailable')]);
    expect(t('serviceUnavailable')).not.toBe('serviceUnavailable');
    expect(mailRefusalTexts(new CallError(500, ['ServerError']), t)).toBeUndefined();
  });

  it('has a text for every code the call can answer', () => {
    for (const code of [...ERROR_CODES, ...MAIL_REFUSALS]) {
      const [text] = mailRefusalTexts(new CallError(400, [code]), t) ?? [];
      expect(text, code).toBeDefined();
      expect(text, code).not.toBe(code);
    }
  });

  it('keeps the mail form’s own English message', () => {
    expect(mailRefusalTexts(new CallError(400, [MAIL_FORM_MESSAGES.contentEmpty]), t)).toEqual([
      'Content cannot be empty.',
    ]);
  });

  it('is no refusal when the answer is not a list of known codes', () => {
    expect(mailRefusalTexts(new CallError(502, '<html>Bad gateway</html>'), t)).toBeUndefined();
    expect(mailRefusalTexts(new CallError(500, ['ServerError']), t)).toBeUndefined();
    expect(mailRefusalTexts(new CallError(400, ['<script>']), t)).toBeUndefined();
    expect(mailRefusalTexts(new Error('offline'), t)).toBeUndefined();
  });
});
