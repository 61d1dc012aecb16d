import { describe, expect, it } from 'vitest';
import { CAPTCHA_PROVIDERS } from '@gatekeeper/contract';
import { ConfigError, databaseUrlFromEnv, loadConfig } from './config';

/** The ConfigError that loadConfig throws for an environment, or a failure when it does not throw. */
const configErrorOf = (env: Record<string, string>): ConfigError => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
};

describe('loadConfig defaults', () => {
  it('answers the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    // Unset: the flavour is told by the live schema (game/schema-check.ts).
    expect(config.GAME_FLAVOR).toBeUndefined();
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:8080',
      LOGIN_DATABASE_URL: 'sqlite:data/gatekeeper.sqlite',
      GAME_DATABASE_URL: 'sqlite:data/gatekeeper.sqlite',
      SITE_DATABASE_URL: 'sqlite:data/gatekeeper.sqlite',
      LOGIN_SERVER_ADDRESS: { host: '127.0.0.1', port: 2106 },
      GAME_SERVER_ADDRESS: { host: '127.0.0.1', port: 7777 },
      CAPTCHA_PROVIDER: 'altcha',
      MAIL_OUTBOX_DIR: 'data/outbox',
      TOTP_SECRET_KEY_FILE: 'data/totp-secret.key',
      SETTINGS_FILE: 'gatekeeper.settings.json',
      trustProxy: false,
    });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('does not read process.env when given an environment', () => {
    const saved = process.env.PORT;
    process.env.PORT = '9999';
    try {
      expect(loadConfig({}).PORT).toBe(8080);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: '' })).toMatchObject({ PORT: 8080, PUBLIC_URL: 'http://localhost:8080' });
  });

  it('defaults the game and site databases to the login database', () => {
    const url = 'mysql://gk:secret@db.example.com:3306/l2jls';
    const config = loadConfig({ LOGIN_DATABASE_URL: url });
    expect(config.GAME_DATABASE_URL).toBe(url);
    expect(config.SITE_DATABASE_URL).toBe(url);
  });

  it('keeps game and site databases that are set', () => {
    const config = loadConfig({
      LOGIN_DATABASE_URL: 'mysql://root@127.0.0.1:3306/l2jls',
      GAME_DATABASE_URL: 'mariadb://root@127.0.0.1:3306/l2jgs',
      SITE_DATABASE_URL: 'sqlite:data/site.sqlite',
    });
    expect(config.GAME_DATABASE_URL).toBe('mariadb://root@127.0.0.1:3306/l2jgs');
    expect(config.SITE_DATABASE_URL).toBe('sqlite:data/site.sqlite');
  });

  it('points PUBLIC_URL at the port actually served when it is unset', () => {
    expect(loadConfig({ PORT: '3000' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('warns, naming PUBLIC_URL, when it is unset and the site listens beyond this machine', () => {
    expect(loadConfig({ PORT: '3000' }).publicUrlWarning).toMatch(/^PUBLIC_URL is not set: .*http:\/\/localhost:3000/);
    expect(loadConfig({ HOST: '203.0.113.5' }).publicUrlWarning).toContain('PUBLIC_URL');
    expect(loadConfig({ HOST: '127.0.0.1' }).publicUrlWarning).toBeUndefined();
    expect(loadConfig({ HOST: '::1' }).publicUrlWarning).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://l2.example.com' }).publicUrlWarning).toBeUndefined();
  });

  it('parses PORT and PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '3000', PUBLIC_URL: 'https://l2.example.com' })).toMatchObject({
      PORT: 3000,
      PUBLIC_URL: 'https://l2.example.com',
    });
  });
});

describe('server addresses', () => {
  it('uses the default login port 2106 for a bare host', () => {
    expect(loadConfig({ LOGIN_SERVER_ADDRESS: 'login.example.com' }).LOGIN_SERVER_ADDRESS).toEqual({
      host: 'login.example.com',
      port: 2106,
    });
  });

  it('uses the default game port 7777 for a bare host', () => {
    expect(loadConfig({ GAME_SERVER_ADDRESS: '10.0.0.5' }).GAME_SERVER_ADDRESS).toEqual({
      host: '10.0.0.5',
      port: 7777,
    });
  });

  it('parses host:port', () => {
    const config = loadConfig({ LOGIN_SERVER_ADDRESS: '10.0.0.4:2107', GAME_SERVER_ADDRESS: 'game.example.com:7778' });
    expect(config.LOGIN_SERVER_ADDRESS).toEqual({ host: '10.0.0.4', port: 2107 });
    expect(config.GAME_SERVER_ADDRESS).toEqual({ host: 'game.example.com', port: 7778 });
  });

  it.each(['host:port', 'two words', 'a:1:2', ':2106', 'host:'])(
    'refuses the login address %j naming the variable',
    (value) => {
      expect(configErrorOf({ LOGIN_SERVER_ADDRESS: value }).message).toContain('LOGIN_SERVER_ADDRESS');
    },
  );

  it('refuses a bad game address naming the variable', () => {
    const message = configErrorOf({ GAME_SERVER_ADDRESS: 'game server' }).message;
    expect(message).toContain('GAME_SERVER_ADDRESS');
    expect(message).not.toContain('LOGIN_SERVER_ADDRESS');
  });

  it('refuses a port above 65535', () => {
    expect(configErrorOf({ GAME_SERVER_ADDRESS: '127.0.0.1:99999' }).message).toContain('GAME_SERVER_ADDRESS');
  });
});

describe('bad values', () => {
  it.each(['abc', '65536', '-1', '80.5'])('refuses PORT=%j naming PORT', (value) => {
    const message = configErrorOf({ PORT: value }).message;
    expect(message).toMatch(/^environment: PORT: /);
  });

  it('accepts the PORT boundaries 0 and 65535', () => {
    expect(loadConfig({ PORT: '0' }).PORT).toBe(0);
    expect(loadConfig({ PORT: '65535' }).PORT).toBe(65535);
  });

  it.each(['LOGIN_DATABASE_URL', 'GAME_DATABASE_URL', 'SITE_DATABASE_URL'])('refuses a postgres URL in %s', (name) => {
    const message = configErrorOf({ [name]: 'postgres://user@localhost/l2j' }).message;
    expect(message).toContain(name);
    expect(message).toContain('sqlite:');
  });

  it('refuses a PUBLIC_URL that is not a URL', () => {
    expect(configErrorOf({ PUBLIC_URL: 'example.com' }).message).toContain('PUBLIC_URL');
  });

  it('refuses an unknown flavour and captcha provider', () => {
    expect(configErrorOf({ GAME_FLAVOR: 'l2off' }).message).toContain('GAME_FLAVOR');
    expect(configErrorOf({ CAPTCHA_PROVIDER: 'mycaptcha' }).message).toContain('CAPTCHA_PROVIDER');
  });

  it('accepts every captcha provider the contract lists', () => {
    const keys = { CAPTCHA_SECRET: 'secret', CAPTCHA_SITE_KEY: 'site-key' };
    for (const provider of CAPTCHA_PROVIDERS) {
      expect(loadConfig({ CAPTCHA_PROVIDER: provider, ...keys }).CAPTCHA_PROVIDER).toBe(provider);
    }
  });

  it('names every bad variable, one per line', () => {
    const lines = configErrorOf({ PORT: 'x', LOGIN_DATABASE_URL: 'x' }).message.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.some((line) => line.includes('PORT'))).toBe(true);
    expect(lines.some((line) => line.includes('LOGIN_DATABASE_URL'))).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it("trusts no proxy when empty or 'false'", () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it("trusts every proxy for 'true'", () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('trusts that many hops for a number', () => {
    const trust = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    expect(typeof trust).toBe('function');
    const fn = trust as (address: string, hop: number) => boolean;
    expect(fn('10.0.0.1', 0)).toBe(true);
    expect(fn('10.0.0.1', 1)).toBe(true);
    expect(fn('10.0.0.1', 2)).toBe(false);
  });

  it('trusts a comma-separated list of addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , 127.0.0.1 ,' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});

describe('a database URL named by a setting', () => {
  const source = 'settings: mail.versions.highfive.loginDatabase';

  it('is read from the variable and checked by the same rule as LOGIN_DATABASE_URL', () => {
    expect(databaseUrlFromEnv('HF_LOGIN', source, { HF_LOGIN: 'mariadb://u:p@db:3306/hf' })).toBe(
      'mariadb://u:p@db:3306/hf',
    );
    expect(() => loadConfig({ LOGIN_DATABASE_URL: 'postgres://db/hf' })).toThrow(ConfigError);
    expect(() => databaseUrlFromEnv('HF_LOGIN', source, { HF_LOGIN: 'postgres://db/hf' })).toThrow(ConfigError);
  });

  it('stops start-up naming the setting and the variable when unset', () => {
    expect(() => databaseUrlFromEnv('HF_LOGIN', source, {})).toThrow(
      `${source}: environment variable HF_LOGIN must hold a database URL (sqlite:PATH or mysql://`,
    );
  });
});

describe('keys that several instances share', () => {
  const keys = {
    ALTCHA_HMAC_KEY: 'a'.repeat(32),
    MAIL_SIGNING_KEY: 'm'.repeat(32),
    COOKIE_SIGNING_KEY: 'c'.repeat(32),
    TOTP_SECRET_KEY: 't'.repeat(43),
  };

  it('refuses REDIS_URL without them, naming each missing key and how to make one', () => {
    const message = configErrorOf({
      REDIS_URL: 'redis://127.0.0.1:6379',
      ALTCHA_HMAC_KEY: keys.ALTCHA_HMAC_KEY,
    }).message;
    expect(message).toContain('MAIL_SIGNING_KEY, COOKIE_SIGNING_KEY, TOTP_SECRET_KEY are not');
    expect(message).not.toContain('ALTCHA_HMAC_KEY');
    expect(message).toContain('openssl rand -base64 32');
  });

  it('refuses REDIS_URL with the other keys but no TOTP_SECRET_KEY: a key file per instance would not be shared', () => {
    const { TOTP_SECRET_KEY: _, ...others } = keys;
    const message = configErrorOf({ REDIS_URL: 'redis://127.0.0.1:6379', ...others }).message;
    expect(message).toContain('but TOTP_SECRET_KEY is not');
    expect(message).toContain('TOTP_SECRET_KEY_FILE');
  });

  it('starts with REDIS_URL once every instance is given the same keys', () => {
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', ...keys });
    expect(config.ALTCHA_HMAC_KEY).toBe(keys.ALTCHA_HMAC_KEY);
    expect(config.mailSigningKeyConfigured).toBe(true);
  });

  it('lets a single instance (no REDIS_URL) make its own keys, as before', () => {
    const [one, two] = [loadConfig({}), loadConfig({})];
    expect(one.ALTCHA_HMAC_KEY).not.toBe(two.ALTCHA_HMAC_KEY);
    expect(one.mailSigningKeyConfigured).toBe(false);
  });
});
