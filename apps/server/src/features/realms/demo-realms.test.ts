import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { parseSettings } from '../../settings';
import { withDemoRealms } from './demo-realms';
import { declareRealms } from './realm-declarations';

describe("npm start's demo realms", () => {
  it('makes the embedded demo at its default address two realms, the second on a database of its own', () => {
    const { settings, config } = withDemoRealms({}, parseSettings({}), loadConfig({}));
    const realms = declareRealms(settings, config);
    expect(
      realms.map(({ slug, chronicle, rates, databaseUrl, first }) => ({ slug, chronicle, rates, databaseUrl, first })),
    ).toEqual([
      {
        slug: 'main',
        chronicle: 'Interlude',
        rates: parseSettings({}).server.rates,
        databaseUrl: 'sqlite:data/gatekeeper.sqlite',
        first: true,
      },
      {
        slug: 'x50',
        chronicle: 'High Five',
        rates: { exp: 50, sp: 50, adena: 20, drop: 10 },
        databaseUrl: 'sqlite:data/gatekeeper-x50.sqlite',
        first: false,
      },
    ]);
  });

  it('leaves every other site as its settings say', () => {
    const owned = { LOGIN_DATABASE_URL: 'mysql://gk@10.0.0.1/l2jls', GAME_DATABASE_URL: 'mysql://gk@10.0.0.1/l2jgs' };
    const settings = parseSettings({});
    expect(withDemoRealms(owned, settings, loadConfig(owned)).settings.realms).toEqual([]);
    // The end-to-end instances name their own embedded database.
    const e2e = { LOGIN_DATABASE_URL: 'sqlite:test-results/default.sqlite' };
    expect(withDemoRealms(e2e, settings, loadConfig(e2e)).settings.realms).toEqual([]);
    // A demo that declares its own realms keeps them.
    const declared = parseSettings({ realms: [{ id: 1, slug: 'one', name: 'One' }] });
    expect(withDemoRealms({}, declared, loadConfig({})).settings.realms).toHaveLength(1);
  });
});
