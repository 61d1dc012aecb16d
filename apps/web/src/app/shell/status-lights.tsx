import type { StatusLight } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/formats';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';
import { openingAhead } from './opening-notice';

const Light = ({ label, light }: { label: string; light: StatusLight }) => {
  const { t } = useTranslation();
  return (
    <li className="status-lights__item" data-status={light.type}>
      <span className={`status-lights__dot status-lights__dot--${light.color}`} aria-hidden="true" />
      <span>
        {label}: <strong>{t(`status.${light.type}`)}</strong>
      </span>
    </li>
  );
};

/**
 * Login and game server lights: green online, red offline (the default), and beside them the
 * players online while the game server is up. Before the opening date none of it: the opening
 * notice says when the server opens instead (docs/product.md#shell).
 */
export const StatusLights = () => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { status, metadata } = useSiteData();
  if (openingAhead(metadata?.openingDate)) return null;
  const players = status.gameStatus.type === 'online' ? status.playersOnline : null;
  return (
    <>
      <ul className="status-lights" aria-label={t('status.label')}>
        <Light label={t('status.login')} light={status.loginStatus} />
        <Light label={t('status.game')} light={status.gameStatus} />
      </ul>
      {players !== null && (
        <p className="status-lights__players">
          {t('status.playersOnline', { count: players, players: formatNumber(players, language) })}
        </p>
      )}
    </>
  );
};
