import { type Metadata, splitRealm } from '@gatekeeper/contract/lite';
import { useLocation } from './navigation';
import { useSiteData } from './site-data';

/** The slugs of the realms after the first: the first realm's pages have no realm segment (decision 049). */
export const otherRealmsOf = (metadata: Metadata | null | undefined): string[] =>
  metadata?.realms.slice(1).map((realm) => realm.slug) ?? [];

/**
 * The realm of the address (decision 049): `realm` is the slug of a realm after the first when the
 * address carries it, undefined on the first realm's pages; `path` is the address without it;
 * `query` is what a realm-scoped read adds (none for the first realm, so its reads stay as they were).
 */
export const useRealm = (): {
  realm: string | undefined;
  path: string;
  others: readonly string[];
  query: { realm: string } | undefined;
} => {
  const { metadata } = useSiteData();
  const { pathname } = useLocation();
  const others = otherRealmsOf(metadata);
  const { realm, path } = splitRealm(pathname, others);
  return { realm, path, others, query: realm ? { realm } : undefined };
};
