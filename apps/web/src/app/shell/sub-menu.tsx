import { useTranslation } from 'react-i18next';
import { NavLink } from '../../shared/navigation';
import { ExternalLink } from '../../components/external-link';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';

/** Quick links under the header: create an account, download, donate, community chat. */
export const SubMenu = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { metadata } = useSiteData();
  const items = [
    { to: href('register'), title: t('subMenu.register.title'), text: t('subMenu.register.text'), icon: '⚔' },
    { to: href('downloads'), title: t('subMenu.downloads.title'), text: t('subMenu.downloads.text'), icon: '⬇' },
    { to: href('donate'), title: t('subMenu.donate.title'), text: t('subMenu.donate.text'), icon: '✦' },
  ];
  return (
    <nav className="sub-menu" aria-label={t('subMenu.label')}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="sub-menu__item">
              <span className="sub-menu__icon" aria-hidden="true">
                {item.icon}
              </span>
              <span className="sub-menu__title">{item.title}</span>
              <span className="sub-menu__text">{item.text}</span>
            </NavLink>
          </li>
        ))}
        {metadata && (
          <li>
            <ExternalLink href={metadata.links.communityChat} className="sub-menu__item">
              <span className="sub-menu__icon" aria-hidden="true">
                ✉
              </span>
              <span className="sub-menu__title">{t('subMenu.chat.title')}</span>
              <span className="sub-menu__text">{t('subMenu.chat.text')}</span>
            </ExternalLink>
          </li>
        )}
      </ul>
    </nav>
  );
};
