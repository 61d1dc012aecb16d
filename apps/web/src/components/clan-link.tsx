import { clanHref } from '@gatekeeper/contract/lite';
import { Link } from '../shared/navigation';
import { useLanguage } from '../shared/use-language';

/**
 * A clan's name as a link to its page (docs/product.md#clan-page), a 24 px target (global.css);
 * nothing for no clan.
 */
export const ClanLink = ({ name, className }: { name: string; className?: string }) => {
  const { language } = useLanguage();
  if (name === '') return null;
  return (
    <Link to={clanHref(name, language)} className={className ? `link-target ${className}` : 'link-target'}>
      {name}
    </Link>
  );
};
