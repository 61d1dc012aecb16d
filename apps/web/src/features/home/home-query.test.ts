import { describe, expect, it } from 'vitest';
import { readHomeQuery } from './home-query';

describe('the home page query parameters', () => {
  it('leave a referral code to the shell, which reads it on every page', () => {
    expect(readHomeQuery('?ref=AbC123')).toEqual({ actions: [], rest: '?ref=AbC123' });
  });

  it('read an unsubscribe link with its email, user, version and signature', () => {
    expect(
      readHomeQuery('?param=unsubscribe&email=hero%40example.com&user=hero01&version=interlude&sig=c2lnbmF0dXJl'),
    ).toEqual({
      actions: [
        { kind: 'unsubscribe', email: 'hero@example.com', user: 'hero01', version: 'interlude', sig: 'c2lnbmF0dXJl' },
      ],
      rest: '',
    });
    expect(readHomeQuery('?param=unsubscribe&email=a%40b.c').actions).toEqual([
      { kind: 'unsubscribe', email: 'a@b.c', user: '', version: '', sig: '' },
    ]);
  });

  it('read a password reset key', () => {
    expect(readHomeQuery('?key=k3y-value&param=password_reset')).toEqual({
      actions: [{ kind: 'passwordReset', key: 'k3y-value' }],
      rest: '',
    });
  });

  it('read an email-change key', () => {
    expect(readHomeQuery('?key=Ab-_9&param=email_change')).toEqual({
      actions: [{ kind: 'emailChange', key: 'Ab-_9' }],
      rest: '',
    });
  });

  it('read an action next to a referral, and keep the parameters it does not handle', () => {
    expect(readHomeQuery('?ref=R1&param=password_reset&key=K&utm_source=mail')).toEqual({
      actions: [{ kind: 'passwordReset', key: 'K' }],
      rest: '?ref=R1&utm_source=mail',
    });
  });

  it('leave an address without these parameters alone', () => {
    expect(readHomeQuery('')).toEqual({ actions: [], rest: '' });
    expect(readHomeQuery('?param=other&key=K')).toEqual({ actions: [], rest: '?param=other&key=K' });
  });
});
