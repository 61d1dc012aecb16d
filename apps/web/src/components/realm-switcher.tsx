import { isRealmRoute, matchClanPage, matchRoute, withRealm } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { Link } from '../shared/navigation';
import { useSiteData } from '../shared/site-data';
import { useRealm } from '../shared/use-realm';
import './realm-switcher.css';

/**
 * The realm switcher (decision 049): on a page that shows one game world (rankings, World pages,
 * the Online page, a clan's page), a link to the same page of every realm, the current one marked.
 * Nothing on a site of one realm, or on a page that is not about one game world.
 */
export const RealmSwitcher = () => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  const { realm, path } = useRealm();
  const realms = metadata?.realms ?? [];
  if (realms.length < 2) return null;
  const route = matchRoute(path);
  const clan = route ? undefined : matchClanPage(path);
  if (!(route && isRealmRoute(route.id)) && !clan) return null;
  const current = realm ?? realms[0]?.slug;
  return (
    <nav className="realm-switcher" aria-label={t('realms.switcherLabel')}>
      <ul>
        {realms.map((each, index) => (
          <li key={each.slug}>
            <Link
              to={withRealm(path, index === 0 ? undefined : each.slug)}
              className={`realm-switcher__link link-target${each.slug === current ? ' active' : ''}`}
              aria-current={each.slug === current ? 'page' : undefined}
            >
              {each.name || each.slug}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
};
