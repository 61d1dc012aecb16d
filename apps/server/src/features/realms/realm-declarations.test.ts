import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { parseSettings } from '../../settings';
import { declareRealms } from './realm-declarations';

const GAME = 'mysql://gk:secret@10.0.0.1:3306/l2jgs';
const HIGH = 'mysql://gk:secret@10.0.0.2:3306/l2jgs_x50';

const configWith = (env: Record<string, string> = {}) =>
  loadConfig({ GAME_DATABASE_URL: GAME, GAME_SERVER_ADDRESS: '10.0.0.1:7777', ...env });

const TWO = {
  server: { chronicle: 'Interlude', rates: { exp: 5 }, openingDate: '2025-11-01T18:00:00+02:00' },
  realms: [
    { id: 1, slug: 'x5', name: 'Bartz x5' },
    { id: 2, slug: 'x50', name: 'Sieghardt x50', chronicle: 'High Five', openingDate: null, statusAddress: '10.0.0.2' },
  ],
};

const settingsError = (raw: unknown): string => {
  try {
    parseSettings(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the settings were accepted');
};

describe('realms in the settings', () => {
  it('is one realm of server, GAME_DATABASE_URL and GAME_SERVER_ADDRESS when there is no entry', () => {
    const [only, ...others] = declareRealms(parseSettings({ server: { chronicle: 'Gracia' } }), configWith());
    expect(others).toEqual([]);
    expect(only).toMatchObject({
      id: 1,
      slug: 'main',
      name: '',
      chronicle: 'Gracia',
      statusAddress: { host: '10.0.0.1', port: 7777 },
      databaseUrl: GAME,
      first: true,
    });
  });

  it("reads the first realm's database from GAME_DATABASE_URL and every other one's from REALM_<SLUG>_DATABASE_URL", () => {
    const realms = declareRealms(parseSettings(TWO), configWith({ REALM_X50_DATABASE_URL: HIGH }));
    expect(realms.map(({ slug, databaseUrl, first }) => ({ slug, databaseUrl, first }))).toEqual([
      { slug: 'x5', databaseUrl: GAME, first: true },
      { slug: 'x50', databaseUrl: HIGH, first: false },
    ]);
    // What a realm leaves out is the server section's; a null date is the owner's "not known".
    expect(realms[0]).toMatchObject({
      chronicle: 'Interlude',
      rates: { exp: 5 },
      openingDate: '2025-11-01T18:00:00+02:00',
    });
    expect(realms[1]).toMatchObject({
      chronicle: 'High Five',
      rates: { exp: 5 },
      openingDate: null,
      statusAddress: { host: '10.0.0.2', port: 7777 },
    });
  });

  it('turns the slug into the variable: capitals, - as _', () => {
    const settings = parseSettings({
      realms: [TWO.realms[0], { id: 4, slug: 'season-2', name: 'Season 2', statusAddress: '10.0.0.4:7777' }],
    });
    const realms = declareRealms(settings, configWith({ REALM_SEASON_2_DATABASE_URL: HIGH }));
    expect(realms[1]?.databaseUrl).toBe(HIGH);
  });

  it('stops start-up naming the variable of a realm without its database, and a variable no realm reads', () => {
    expect(() => declareRealms(parseSettings(TWO), configWith())).toThrow(
      'settings: realms.1 (x50): environment variable REALM_X50_DATABASE_URL must hold its game database',
    );
    expect(() =>
      declareRealms(parseSettings(TWO), configWith({ REALM_X50_DATABASE_URL: HIGH, REALM_X500_DATABASE_URL: HIGH })),
    ).toThrow(/REALM_X500_DATABASE_URL names no realm/);
    expect(() => declareRealms(parseSettings({}), configWith({ REALM_MAIN_DATABASE_URL: HIGH }))).toThrow(
      /REALM_MAIN_DATABASE_URL names no realm/,
    );
    expect(() => configWith({ REALM_X50_DATABASE_URL: 'postgres://x' })).toThrow(
      'environment: environment variable REALM_X50_DATABASE_URL must hold a database URL',
    );
  });

  it('refuses a repeated id or slug, a realm after the first without its status address, and a slug an address needs', () => {
    expect(settingsError({ realms: [TWO.realms[0], { ...TWO.realms[1], id: 1 }] })).toContain(
      "realms.1.id: id 1 is already realm 0's",
    );
    expect(settingsError({ realms: [TWO.realms[0], { ...TWO.realms[1], slug: 'x5' }] })).toContain(
      "realms.1.slug: slug x5 is already realm 0's",
    );
    expect(settingsError({ realms: [TWO.realms[0], { id: 2, slug: 'x50', name: 'x50' }] })).toContain(
      'realms.1.statusAddress: required for every realm after the first',
    );
    for (const slug of ['ru', 'statistics', 'statistika', 'sdk', 'register']) {
      expect(settingsError({ realms: [{ id: 1, slug, name: 'A' }] })).toContain(
        `realms.0.slug: "${slug}" is a language`,
      );
    }
    expect(settingsError({ realms: [{ id: 1, slug: 'X50', name: 'A' }] })).toContain(
      'realms.0.slug: expected lower-case letters',
    );
    expect(settingsError({ realms: [{ id: 1, slug: 'x50', name: ' ' }] })).toContain('realms.0.name');
    expect(settingsError({ realms: [{ id: 1, slug: 'x50', name: 'A', rates: { xp: 2 } }] })).toContain(
      'realms.0.rates',
    );
  });
});
