import type { Settings } from '../../settings';
import type { RealmEntry, Rates } from './settings-schema';

/** The slug of the one realm of a site without `realms`. */
export const DEFAULT_REALM_SLUG = 'main';

/** What the page is told of a realm, with its status address when the settings name one. */
export interface RealmFacts {
  /** The login server's gameservers.server_id. */
  id: number;
  slug: string;
  /** Empty for the one realm of a site without `realms`: the page names it as it always did. */
  name: string;
  chronicle: string;
  rates: Rates;
  /** ISO 8601 with its offset, or null (not known). */
  openingDate: string | null;
  statusAddress: RealmEntry['statusAddress'];
}

/**
 * The realms of the settings, what each leaves out taken from `server` (decision 049). No entry:
 * one realm of `server`, id 1, slug `main`: today's site.
 */
export const realmsOf = (settings: Pick<Settings, 'server' | 'realms'>): RealmFacts[] => {
  const { server } = settings;
  const entries: RealmEntry[] =
    settings.realms.length > 0 ? settings.realms : [{ id: 1, slug: DEFAULT_REALM_SLUG, name: '' }];
  return entries.map((entry) => ({
    id: entry.id,
    slug: entry.slug,
    name: entry.name,
    chronicle: entry.chronicle ?? server.chronicle,
    rates: entry.rates ?? server.rates,
    // null is the owner's "not known" (N/A); only a left-out date is the server's.
    openingDate: entry.openingDate === undefined ? server.openingDate : entry.openingDate,
    statusAddress: entry.statusAddress,
  }));
};
