import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { Link } from '../../shared/navigation';
import { useLanguage } from '../../shared/use-language';

/**
 * My account's way into the console, for a gm or owner only: GET /sdk/console/me answers the role
 * of an account that may enter (before the step-up) and refuses a player's session.
 */
export const ConsoleLink = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    let live = true;
    callApi('getConsoleMe').then(
      (me) => live && setAllowed(!Array.isArray(me)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!allowed) return null;
  return (
    <p>
      <Link to={href('console')} className="link-target">
        {t('console.shell.openConsole')}
      </Link>
    </p>
  );
};
