import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { absoluteVideoUrl } from './graph-api-client';
import { facebookLoginUrl } from './login-url';
import { isFreshSignedRequest, signRequest, verifySignedRequest } from './signed-request';
import { STREAM_CODE_ALPHABET, isStreamCode, newStreamCode } from './stream-code';
import { parseTokenKey, tokenCipher } from './token-cipher';

describe('the code for the NPC', () => {
  it('has 6 characters without the look-alikes 0, O, 1 and I', () => {
    expect(STREAM_CODE_ALPHABET).toHaveLength(32);
    for (const lookAlike of ['0', 'O', '1', 'I']) expect(STREAM_CODE_ALPHABET).not.toContain(lookAlike);
    for (let i = 0; i < 200; i += 1) expect(isStreamCode(newStreamCode())).toBe(true);
    expect(isStreamCode('ABC0EF')).toBe(false);
    expect(isStreamCode('ABCDE')).toBe(false);
  });
});

describe('the token cipher', () => {
  const key = parseTokenKey('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff')!;

  it('reads a key as 64 hex digits or base64 of 32 bytes, nothing shorter', () => {
    expect(key).toHaveLength(32);
    expect(parseTokenKey(key.toString('base64'))).toEqual(key);
    expect(parseTokenKey(key.toString('base64url'))).toEqual(key);
    expect(parseTokenKey('abcd')).toBeUndefined();
  });

  it('encrypts differently each time and decrypts only for the same user and key', () => {
    const cipher = tokenCipher(key);
    const a = cipher.encrypt('EAAtoken', '100');
    expect(a).not.toBe(cipher.encrypt('EAAtoken', '100'));
    expect(a).not.toContain('EAAtoken');
    expect(cipher.decrypt(a, '100')).toBe('EAAtoken');
    expect(() => cipher.decrypt(a, '101')).toThrow();
    expect(() => tokenCipher(Buffer.alloc(32, 7)).decrypt(a, '100')).toThrow();
    const [version, iv, tag, body] = a.split('.');
    const tampered = [version, iv, tag, `${body?.startsWith('A') ? 'B' : 'A'}${body?.slice(1)}`].join('.');
    expect(() => cipher.decrypt(tampered, '100')).toThrow();
  });
});

describe("Facebook's signed_request", () => {
  it('answers the user id of a request signed with the app secret', () => {
    expect(
      verifySignedRequest(
        signRequest({ algorithm: 'HMAC-SHA256', issued_at: 1_700_000_000, user_id: '218471' }, 'secret'),
        'secret',
      ),
    ).toEqual({ userId: '218471', issuedAt: 1_700_000_000 });
  });

  it('is fresh for five minutes after issued_at, and a minute before it (clock skew)', () => {
    const now = 1_700_000_000_000;
    expect(isFreshSignedRequest(1_700_000_000, now)).toBe(true);
    expect(isFreshSignedRequest(1_700_000_000 - 300, now)).toBe(true);
    expect(isFreshSignedRequest(1_700_000_000 - 301, now)).toBe(false);
    expect(isFreshSignedRequest(1_700_000_000 + 60, now)).toBe(true);
    expect(isFreshSignedRequest(1_700_000_000 + 61, now)).toBe(false);
    expect(isFreshSignedRequest(Number.NaN, now)).toBe(false);
  });

  it('refuses another secret, a changed payload, another algorithm and a payload without user', () => {
    const signed = signRequest({ algorithm: 'HMAC-SHA256', user_id: '218471' }, 'secret');
    expect(verifySignedRequest(signed, 'other')).toBeUndefined();
    const [signature] = signed.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', user_id: '1' })).toString('base64url');
    expect(verifySignedRequest(`${signature}.${otherPayload}`, 'secret')).toBeUndefined();
    expect(verifySignedRequest(signRequest({ algorithm: 'MD5', user_id: '1' }, 'secret'), 'secret')).toBeUndefined();
    expect(verifySignedRequest(signRequest({ algorithm: 'HMAC-SHA256' }, 'secret'), 'secret')).toBeUndefined();
    expect(verifySignedRequest('no-dot', 'secret')).toBeUndefined();
    expect(verifySignedRequest(signed, '')).toBeUndefined();
  });
});

describe("Facebook's login dialog address", () => {
  it('asks for a token in a popup with public_profile and user_videos, back to the fb route', () => {
    const url = new URL(facebookLoginUrl({ appId: '1234567890', graphApiVersion: 'v19.0' }, 'https://l2.example.com/'));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.facebook.com/v19.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '1234567890',
      redirect_uri: 'https://l2.example.com/fb',
      response_type: 'token',
      display: 'popup',
      scope: 'public_profile,user_videos',
    });
  });

  it('is empty without an app id', () => {
    expect(facebookLoginUrl({ appId: '', graphApiVersion: 'v19.0' }, 'https://l2.example.com')).toBe('');
  });
});

describe('a live video address', () => {
  it("makes Facebook's permalink path absolute and refuses other hosts", () => {
    expect(absoluteVideoUrl('/100/videos/5/')).toBe('https://www.facebook.com/100/videos/5/');
    expect(absoluteVideoUrl('https://www.facebook.com/100/videos/5/')).toBe('https://www.facebook.com/100/videos/5/');
    expect(absoluteVideoUrl('https://evil.example/100/videos/5/')).toBeUndefined();
    expect(absoluteVideoUrl('//evil.example/x')).toBeUndefined();
  });
});

describe('the environment of the stream registration', () => {
  it('stops start-up on a token key that is not 32 bytes, naming the variable', () => {
    expect(() => loadConfig({ FACEBOOK_TOKEN_KEY: 'abcd' })).toThrow(/FACEBOOK_TOKEN_KEY/);
    expect(loadConfig({ FACEBOOK_TOKEN_KEY: 'ab'.repeat(32), FACEBOOK_APP_SECRET: 's' })).toMatchObject({
      FACEBOOK_TOKEN_KEY: 'ab'.repeat(32),
      FACEBOOK_APP_SECRET: 's',
    });
  });
});
