import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { totpKeyFileOf } from './totp-key';
import { DEMO_ACCOUNTS } from './game/demo-seed';
import { ownerNotices } from './owner-notices';
import { parseSettings } from './settings';
import { startupSummary } from './startup-summary';
import { L2J_SCHEMA } from '../test/support/game-schema';

const SIGNING_KEYS = { MAIL_SIGNING_KEY: 'm'.repeat(32), COOKIE_SIGNING_KEY: 'c'.repeat(32) };

describe('the summary npm start ends with', () => {
  it('gives the address, the demo accounts and each thing not configured with its guide page', () => {
    const config = loadConfig({ PORT: '8080' });
    const lines = startupSummary({
      publicUrl: config.PUBLIC_URL,
      listening: '0.0.0.0:8080',
      demoAccounts: DEMO_ACCOUNTS,
      notices: ownerNotices(config, parseSettings({}), L2J_SCHEMA),
    });
    expect(lines).toContain('Gatekeeper is ready: http://localhost:8080 (listening on 0.0.0.0:8080)');
    expect(lines).toContain('  demoplayer      Demo.Pass1');
    expect(lines).toContain('  demogamemaster  Master.Pass3 (game master)');
    expect(lines).toContain('  demobanned      Banned.Pass4 (banned)');
    const notConfigured = lines.filter((line) => line.startsWith('  - '));
    expect(notConfigured).toEqual([
      '  - PUBLIC_URL: the links the site hands out point to this machine (docs/owner/environment.md)',
      '  - video gallery: YOUTUBE_API_KEY and youtube.channelId, or youtube.videos (docs/owner/streams.md)',
      '  - live streams: liveStreams, or facebook.appId and FACEBOOK_APP_SECRET (docs/owner/streams.md)',
      '  - PayPal: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (docs/owner/payments.md)',
      '  - MAIL_SIGNING_KEY: unsubscribe links die at each restart (docs/owner/environment.md)',
      '  - COOKIE_SIGNING_KEY: registration cookies die at each restart (docs/owner/environment.md)',
    ]);
  });

  it('lists no demo accounts off the demo database, and says when everything is configured', () => {
    const config = loadConfig({
      HOST: '127.0.0.1',
      YOUTUBE_API_KEY: 'key',
      FACEBOOK_APP_SECRET: 'secret',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      ...SIGNING_KEYS,
    });
    const settings = parseSettings({ youtube: { channelId: 'UC0123456789abcdefghijAB' }, facebook: { appId: '1234' } });
    const notices = ownerNotices(config, settings, L2J_SCHEMA);
    expect(notices).toEqual([]);
    const lines = startupSummary({
      publicUrl: 'https://l2.example.com',
      listening: '127.0.0.1:8080',
      demoAccounts: [],
      notices,
    });
    expect(lines.some((line) => line.includes('Demo accounts'))).toBe(false);
    expect(lines).toContain('Everything is configured.');
  });

  it('says where the key of the authenticator secrets is kept when the site made it', () => {
    const made = loadConfig({ TOTP_SECRET_KEY_FILE: 'data/totp-secret.key' });
    const lines = (totpKeyFile?: string) =>
      startupSummary({
        publicUrl: 'http://localhost:8080',
        listening: '0.0.0.0:8080',
        demoAccounts: [],
        notices: [],
        ...(totpKeyFile ? { totpKeyFile } : {}),
      });
    expect(lines(totpKeyFileOf(made))).toContain(
      `Authenticator secrets are encrypted with the key in ${resolve('data/totp-secret.key')}: back it up with the site database (docs/owner/accounts.md).`,
    );
    const given = loadConfig({ TOTP_SECRET_KEY: 'a'.repeat(64) });
    expect(totpKeyFileOf(given)).toBeUndefined();
    expect(lines(totpKeyFileOf(given)).some((line) => line.includes('Authenticator'))).toBe(false);
  });

  it('logs a warning for each notice but the one its feature logs itself', () => {
    const notices = ownerNotices(loadConfig({ HOST: '127.0.0.1', ...SIGNING_KEYS }), parseSettings({}), L2J_SCHEMA);
    expect(notices.map((notice) => notice.warning === undefined)).toEqual([false, false, true]);
  });
});
