import type { Metadata } from '@gatekeeper/contract/lite';

/**
 * A complete getmetadata answer for component tests. A test overrides only what it is about
 * (the coins' name and rate, the vote sites...).
 */
export const testMetadata = (overrides: Partial<Metadata> = {}): Metadata => ({
  coinsName: 'Adena Coin',
  // A custom coin, which the game's item names do not name: the page calls it coinsName.
  coinItemId: 70001,
  coinsPerRef: 10,
  coinsPerEuro: 2.5,
  chronicle: 'Interlude',
  eventName: 'TvT',
  orderPercent: 50,
  chaosPercent: 50,
  openingDate: null,
  timeZone: 'UTC',
  rates: { exp: 1, sp: 1, adena: 1, drop: 1 },
  realms: [
    {
      id: 1,
      slug: 'main',
      name: '',
      chronicle: 'Interlude',
      rates: { exp: 1, sp: 1, adena: 1, drop: 1 },
      openingDate: null,
    },
  ],
  links: { features: 'https://f.example', discord: 'https://d.example', communityChat: 'https://c.example' },
  voteSites: [],
  discordWidgetId: '',
  facebookPageUrl: '',
  ipv6LookupUrl: '',
  facebookLoginUrl: '',
  donation: {
    open: true,
    target: 'character',
    checkout: 'standard',
    action: 'https://www.sandbox.paypal.com/cgi-bin/webscr',
    fields: { cmd: '_donations', business: 'owner@example.com', currency_code: 'USD' },
    amountField: 'amount',
    characterField: 'custom',
    currency: 'USD',
    minAmount: 5,
    maxAmount: 50,
    defaultAmount: 20,
    presets: [5, 10, 20, 50],
    contact: '',
    providers: [{ id: 'paypal', currency: 'USD', coinsPerUnit: null }],
  },
  downloads: {
    updater64: { url: 'https://files.example/64.zip', version: '', size: '' },
    updater32: { url: 'https://files.example/32.zip', version: '', size: '' },
  },
  legal: { privacyUrl: '', termsUrl: '', contactUrl: '', contactEmail: '', appealContact: '' },
  accountTools: { pincode: true },
  sendsMail: true,
  ...overrides,
});

/** A JSON answer as the server sends one, for a stubbed fetch. */
export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
