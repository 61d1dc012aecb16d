import { clanHref, withRealm } from '@gatekeeper/contract/lite';
import { Link } from '../shared/navigation';
import { useLanguage } from '../shared/use-language';
import { useRealm } from '../shared/use-realm';

/**
 * A clan's name as a link to its page (docs/product.md#clan-page), a 24 px target (global.css);
 * nothing for no clan.
 */
export const ClanLink = ({ name, className }: { name: string; className?: string }) => {
  const { language } = useLanguage();
  // A clan of a realm's page is that realm's clan (decision 049).
  const { realm } = useRealm();
  if (name === '') return null;
  return (
    <Link
      to={withRealm(clanHref(name, language), realm)}
      className={className ? `link-target ${className}` : 'link-target'}
    >
      {name}
    </Link>
  );
};
