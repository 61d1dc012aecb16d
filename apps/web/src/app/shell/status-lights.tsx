import type { StatusLight } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { useSiteData } from '../../shared/site-data';

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

/** Login and game server lights: green online, red offline (the default). */
export const StatusLights = () => {
  const { t } = useTranslation();
  const { status } = useSiteData();
  return (
    <ul className="status-lights" aria-label={t('status.label')}>
      <Light label={t('status.login')} light={status.loginStatus} />
      <Light label={t('status.game')} light={status.gameStatus} />
    </ul>
  );
};
