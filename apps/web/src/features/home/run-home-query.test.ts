import { beforeAll, describe, expect, it } from 'vitest';
import { CallError } from '../../api/client';
import { initTestI18n } from '../../test-support/i18n';
import { failureMessages } from './run-home-query';

describe('the texts of a failed call on the home page', () => {
  let i18n: Awaited<ReturnType<typeof initTestI18n>>;
  beforeAll(async () => {
    i18n = await initTestI18n();
  });
  const messages = (error: unknown) => failureMessages(error, i18n.t, (key) => i18n.exists(key));

  it('translate the codes of a refusal', () => {
    expect(messages(new CallError(400, ['invalidKey']))).toEqual([i18n.t('invalidKey')]);
    expect(messages(new CallError(400, 'invalidKey'))).toEqual([i18n.t('invalidKey')]);
  });

  it('ask to try again in a minute when a database or Redis is unreachable (503)', () => {
    expect(messages(new CallError(503, ['serviceUnavailable']))).toEqual([
      'The service is temporarily unavailable. Please try again in a minute.',
    ]);
  });

  it('show ServerError for a fault, a network failure or a body that is no code', () => {
    expect(messages(new CallError(500, ['ServerError']))).toEqual([i18n.t('ServerError')]);
    expect(messages(new TypeError('Failed to fetch'))).toEqual([i18n.t('ServerError')]);
    expect(messages(new CallError(502, '<html>Bad Gateway</html>'))).toEqual([i18n.t('ServerError')]);
    expect(messages(new CallError(503, '<html>Service Unavailable</html>'))).toEqual([i18n.t('ServerError')]);
  });
});
