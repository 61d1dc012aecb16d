import { isCallbackKind, isListKind } from '../votes/settings-schema';
import {
  DEFAULT_CHAOS_PERCENT,
  DEFAULT_METADATA_TEXT,
  DEFAULT_ORDER_PERCENT,
  type Metadata,
} from '@gatekeeper/contract';
import type { Settings } from '../../settings';

/** The settings the page is told of: the site-wide sections and the parts of features it shows. */
export type MetadataSettings = Pick<
  Settings,
  | 'coins'
  | 'rewards'
  | 'server'
  | 'links'
  | 'voteSites'
  | 'chat'
  | 'social'
  | 'ipv6LookupUrl'
  | 'facebook'
  | 'donations'
  | 'downloads'
  | 'legal'
  | 'realms'
>;
import { FLAVORS } from '../../game/flavors';
import type { GameSchema } from '../../game/schema-check';
import { facebookLoginUrl } from '../facebook-streams/login-url';
import type { DonationProvider } from '@gatekeeper/contract';
import { presentPaypalForm } from '../donations/paypal';
import { splitOpeningDate } from './opening-date';
import { realmsOf } from '../realms/realm-facts';

const orDefault = (value: string, fallback: string) => (value.trim() === '' ? fallback : value);

/** What the environment has set up of the outside services a form needs to finish. */
export interface MetadataServices {
  /** PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set. */
  paypalConfigured: boolean;
  /** SMTP_URL is set. */
  smtpConfigured: boolean;
  /** The payment providers of the layer configured besides PayPal (Stripe, Mercado Pago). */
  paymentProviders?: DonationProvider[];
}

/**
 * getmetadata's answer: the settings as the page reads them, with the spec's defaults. The public
 * URL (PUBLIC_URL, default shown) makes the payment form's notification and return addresses; the
 * services say which forms can finish (docs/product.md#getmetadata).
 */
/** The vote sites as the page sees them: whether a site's votes are rewarded, never its API key. */
const presentVoteSites = (sites: Settings['voteSites']): Metadata['voteSites'] =>
  sites.map(({ check, ...site }) =>
    check
      ? {
          ...site,
          rewarded: isCallbackKind(check.kind) || isListKind(check.kind) ? ('onVote' as const) : ('onClaim' as const),
        }
      : site,
  );

export const presentMetadata = (
  settings: MetadataSettings,
  publicUrl = 'http://localhost:8080',
  game: Pick<GameSchema, 'flavor'> = { flavor: FLAVORS.l2j },
  services: MetadataServices = { paypalConfigured: false, smtpConfigured: false },
): Metadata => ({
  coinsName: settings.coins.name,
  coinItemId: settings.rewards.coinItemId,
  coinsPerRef: settings.coins.perRef,
  coinsPerEuro: settings.coins.perEuro,
  chronicle: orDefault(settings.server.chronicle, DEFAULT_METADATA_TEXT),
  eventName: orDefault(settings.server.eventName, DEFAULT_METADATA_TEXT),
  orderPercent: settings.server.orderPercent ?? DEFAULT_ORDER_PERCENT,
  chaosPercent: settings.server.chaosPercent ?? DEFAULT_CHAOS_PERCENT,
  openingDate: splitOpeningDate(settings.server.openingDate),
  timeZone: settings.server.timeZone,
  rates: settings.server.rates,
  realms: realmsOf(settings).map(({ id, slug, name, chronicle, rates, openingDate }, index) => {
    const own = settings.realms[index]?.voteSites;
    return {
      id,
      slug,
      name,
      chronicle: orDefault(chronicle, DEFAULT_METADATA_TEXT),
      rates,
      openingDate: splitOpeningDate(openingDate),
      ...(own ? { voteSites: presentVoteSites(own) } : {}),
    };
  }),
  links: settings.links,
  voteSites: presentVoteSites(settings.voteSites),
  discordWidgetId: settings.chat.discordWidgetId,
  facebookPageUrl: settings.social.facebookPageUrl,
  ipv6LookupUrl: settings.ipv6LookupUrl,
  facebookLoginUrl: facebookLoginUrl(settings.facebook, publicUrl),
  donation: presentPaypalForm(settings.donations, publicUrl, services.paypalConfigured, services.paymentProviders),
  downloads: settings.downloads,
  legal: settings.legal,
  accountTools: { pincode: game.flavor.features.pincode },
  sendsMail: services.smtpConfigured,
});
