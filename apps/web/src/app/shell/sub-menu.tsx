import Download from 'lucide-react/icons/download';
import HandCoins from 'lucide-react/icons/hand-coins';
import MessagesSquare from 'lucide-react/icons/messages-square';
import Swords from 'lucide-react/icons/swords';
import { useTranslation } from 'react-i18next';
import { NavLink } from '../../shared/navigation';
import { ExternalLink } from '../../components/external-link';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';
import { useSignedInLogin } from '../../shared/signed-in';

/**
 * Quick links under the header: create an account (not once signed in), download, donate (which
 * says it opens soon while payments are not set up), and the community chat where the owner has one.
 */
export const SubMenu = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { metadata } = useSiteData();
  const signedIn = useSignedInLogin() !== undefined;
  const donationsClosed = metadata?.donation.open === false;
  const items = [
    ...(signedIn
      ? []
      : [{ to: href('register'), title: t('subMenu.register.title'), text: t('subMenu.register.text'), icon: Swords }]),
    { to: href('downloads'), title: t('subMenu.downloads.title'), text: t('subMenu.downloads.text'), icon: Download },
    {
      to: href('donate'),
      title: t('subMenu.donate.title'),
      text: donationsClosed ? t('subMenu.donate.soon') : t('subMenu.donate.text'),
      icon: HandCoins,
    },
  ];
  return (
    <nav className="sub-menu" aria-label={t('subMenu.label')}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="sub-menu__item">
              <item.icon className="sub-menu__icon" aria-hidden="true" />
              <span className="sub-menu__title">{item.title}</span>
              <span className="sub-menu__text">{item.text}</span>
            </NavLink>
          </li>
        ))}
        {metadata?.links.communityChat && (
          <li>
            <ExternalLink href={metadata.links.communityChat} className="sub-menu__item">
              <MessagesSquare className="sub-menu__icon" aria-hidden="true" />
              <span className="sub-menu__title">{t('subMenu.chat.title')}</span>
              <span className="sub-menu__text">{t('subMenu.chat.text')}</span>
            </ExternalLink>
          </li>
        )}
      </ul>
    </nav>
  );
};
