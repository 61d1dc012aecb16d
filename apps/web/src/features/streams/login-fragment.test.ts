import { describe, expect, it } from 'vitest';
import { readLoginReturn, withRealmState } from './login-fragment';

describe("reading Facebook's answer from the address", () => {
  it('takes the access token from the fragment', () => {
    expect(
      readLoginReturn('#access_token=EAAB%2Bx9&data_access_expiration_time=1790000000&expires_in=5183', ''),
    ).toEqual({ kind: 'token', accessToken: 'EAAB+x9' });
  });

  it('tells a declined dialog in the fragment or the query', () => {
    expect(readLoginReturn('#error=access_denied&error_reason=user_denied', '')).toEqual({ kind: 'denied' });
    expect(readLoginReturn('', '?error=access_denied&error_code=200')).toEqual({ kind: 'denied' });
  });

  it('finds nothing in an empty or unrelated fragment', () => {
    expect(readLoginReturn('', '')).toEqual({ kind: 'none' });
    expect(readLoginReturn('#privacy', '')).toEqual({ kind: 'none' });
    expect(readLoginReturn('#access_token=', '')).toEqual({ kind: 'none' });
  });

  it('gives the dialog the chosen realm as its state, and reads it back beside the token', () => {
    const login = 'https://www.facebook.com/v21.0/dialog/oauth?client_id=1&response_type=token';
    const withRealm = new URL(withRealmState(login, 'x50'));
    expect(withRealm.searchParams.get('state')).toBe('x50');
    expect(withRealm.searchParams.get('client_id')).toBe('1');
    // No realm chosen (a site of one realm): the address as it was.
    expect(withRealmState(login, undefined)).toBe(login);
    expect(readLoginReturn('#access_token=EAAB&expires_in=5183&state=x50', '')).toEqual({
      kind: 'token',
      accessToken: 'EAAB',
      realm: 'x50',
    });
  });
});
