import { clanHref } from '@gatekeeper/contract/lite';
import { Link } from '../shared/navigation';
import { useLanguage } from '../shared/use-language';

/** A clan's name as a link to its page (docs/product.md#clan-page); nothing for no clan. */
export const ClanLink = ({ name, className }: { name: string; className?: string }) => {
  const { language } = useLanguage();
  if (name === '') return null;
  return (
    <Link to={clanHref(name, language)} className={className}>
      {name}
    </Link>
  );
};
