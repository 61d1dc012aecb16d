import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { VOTE_SITE_COUNT } from '@gatekeeper/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { loadSettings, parseSettings } from './settings';

const configErrorOf = (raw: unknown, source?: string): ConfigError => {
  try {
    parseSettings(raw, source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`parseSettings accepted ${JSON.stringify(raw)}`);
};

const voteSite = (i: number) => ({
  name: `Top ${i}`,
  banner: `/images/vote/top${i}.svg`,
  url: `https://top${i}.example.com/vote/{id}`,
  identifier: 'any',
});

describe('parseSettings defaults', () => {
  it('fills every key of an empty file', () => {
    const settings = parseSettings({});
    expect(settings.server).toEqual({
      chronicle: 'Interlude',
      eventName: 'Team vs Team',
      orderPercent: 50,
      chaosPercent: 50,
      openingDate: '2025-11-01T18:00:00+02:00',
      timeZone: 'UTC',
      rates: { exp: 1, sp: 1, adena: 1, drop: 1 },
    });
    expect(settings.coins).toEqual({ name: 'Donation Coin', perRef: 10, perEuro: 100 });
    // No made-up community addresses: a link the owner has not set is not shown.
    expect(settings.links).toEqual({ features: '', discord: '', communityChat: '' });
    expect(settings.voteSites).toHaveLength(VOTE_SITE_COUNT);
    expect(settings.chat).toEqual({ discordWidgetId: '' });
    expect(settings.social).toEqual({ facebookPageUrl: '' });
    expect(settings.ipv6LookupUrl).toBe('');
    expect(settings.languageStorage).toBe('localStorage');
  });

  it('gives the account tools, vote claims and PayPal checkouts each their own rate limit', () => {
    const settings = parseSettings({ accounts: { requestsPerMinute: 30 }, votes: { requestsPerMinute: 5 } });
    expect(settings.accounts.requestsPerMinute).toBe(30);
    expect(settings.votes.requestsPerMinute).toBe(5);
    expect(settings.donations.checkoutsPerMinute).toBe(10);
    expect(parseSettings({ donations: { checkoutsPerMinute: 3 } }).donations.checkoutsPerMinute).toBe(3);
    expect(() => parseSettings({ donations: { minAmount: 50, maxAmount: 5 } })).toThrow(/minAmount/);
  });

  it('keeps the defaults of a section next to a key that is set', () => {
    const settings = parseSettings({ server: { chronicle: 'High Five' } });
    expect(settings.server.chronicle).toBe('High Five');
    expect(settings.server.eventName).toBe('Team vs Team');
    expect(settings.server.orderPercent).toBe(50);
  });

  it('accepts no opening date, percentages 0 and 100, and cookie language storage', () => {
    const settings = parseSettings({
      server: { openingDate: null, orderPercent: 0, chaosPercent: 100 },
      languageStorage: 'cookie',
    });
    expect(settings.server).toMatchObject({ openingDate: null, orderPercent: 0, chaosPercent: 100 });
    expect(settings.languageStorage).toBe('cookie');
  });

  it('accepts exactly ten vote sites', () => {
    const sites = Array.from({ length: VOTE_SITE_COUNT }, (_, i) => voteSite(i));
    expect(parseSettings({ voteSites: sites }).voteSites).toHaveLength(10);
  });
});

describe('parseSettings refusals name the key', () => {
  it('refuses an unknown top-level key', () => {
    expect(configErrorOf({ colour: 'red' }).message).toContain('colour');
  });

  it('refuses an unknown key inside a section, naming both', () => {
    const message = configErrorOf({ server: { rates: 'x10' } }).message;
    expect(message).toContain('server');
    expect(message).toContain('rates');
  });

  it.each([
    [{ server: { orderPercent: 101 } }, 'server.orderPercent'],
    [{ server: { chaosPercent: -1 } }, 'server.chaosPercent'],
    [{ links: { discord: 'not a url' } }, 'links.discord'],
    [{ links: { features: 'example.com/features' } }, 'links.features'],
    [{ server: { openingDate: '2027-03-01 18:00' } }, 'server.openingDate'],
    [{ server: { openingDate: '2027-03-01T18:00:00' } }, 'server.openingDate'],
    [{ server: { openingDate: '2027-13-01T18:00:00+02:00' } }, 'server.openingDate'],
    [{ server: { timeZone: 'Mars/Olympus' } }, 'server.timeZone'],
    [{ coins: { perRef: 1.5 } }, 'coins.perRef'],
    [{ chat: { discordWidgetId: 'my-server' } }, 'chat.discordWidgetId'],
    [{ social: { facebookPageUrl: 'facebook' } }, 'social.facebookPageUrl'],
    [{ ipv6LookupUrl: 'ipv6 lookup' }, 'ipv6LookupUrl'],
    [{ languageStorage: 'sessionStorage' }, 'languageStorage'],
    [{ voteSites: [{ ...voteSite(0), url: 'ftp://top.example.com' }] }, 'voteSites.0.url'],
    [{ voteSites: [{ ...voteSite(0), identifier: 'ip' }] }, 'voteSites.0.identifier'],
    [{ referral: { playingLevel: 0 } }, 'referral.playingLevel'],
    [{ referral: { checkSeconds: 5 } }, 'referral.checkSeconds'],
    [{ referral: { cookieDays: 30 } }, 'referral'],
  ])('refuses %j naming %s', (raw, key) => {
    expect(configErrorOf(raw).message).toContain(`settings: ${key}: `);
  });

  it('refuses eleven vote sites naming voteSites', () => {
    const sites = Array.from({ length: VOTE_SITE_COUNT + 1 }, (_, i) => voteSite(i));
    expect(configErrorOf({ voteSites: sites }).message).toContain('settings: voteSites: ');
  });

  it('names the source it was given', () => {
    expect(configErrorOf({ server: { orderPercent: 101 } }, 'site.json').message).toMatch(
      /^site\.json: server\.orderPercent: /,
    );
  });

  it('refuses 30 February as not a real date', () => {
    expect(configErrorOf({ server: { openingDate: '2027-02-30T18:00:00+02:00' } }).message).toContain(
      'server.openingDate',
    );
  });
});

describe('the example settings file', () => {
  const example = resolve(import.meta.dirname, '../../../gatekeeper.settings.example.json');

  it.skipIf(!existsSync(example))('parses without error', () => {
    expect(() => parseSettings(JSON.parse(readFileSync(example, 'utf8')), example)).not.toThrow();
  });
});

describe('loadSettings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatekeeper-settings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers the defaults when the file is missing', () => {
    expect(loadSettings(join(dir, 'missing.json'))).toEqual(parseSettings({}));
  });

  it('reads a valid file', () => {
    const file = join(dir, 'valid.json');
    writeFileSync(file, JSON.stringify({ server: { chronicle: 'Gracia Final' }, coins: { perEuro: 250 } }));
    const settings = loadSettings(file);
    expect(settings.server.chronicle).toBe('Gracia Final');
    expect(settings.coins.perEuro).toBe(250);
  });

  it('refuses invalid JSON naming the file', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ "server": { "chronicle": "Interlude", } ');
    expect(() => loadSettings(file)).toThrow(ConfigError);
    expect(() => loadSettings(file)).toThrow(file);
  });

  it('refuses a bad value naming the file and the key', () => {
    const file = join(dir, 'bad-value.json');
    writeFileSync(file, JSON.stringify({ server: { chaosPercent: 150 } }));
    expect(() => loadSettings(file)).toThrow(`${file}: server.chaosPercent: `);
  });
});
