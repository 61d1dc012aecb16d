import { OFFLINE_STATUS, type StatusLight } from '@gatekeeper/contract/lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/formats';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';
import { openingAhead } from './opening-notice';

const Light = ({ label, light, children }: { label: string; light: StatusLight; children?: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <li className="status-lights__item" data-status={light.type}>
      <span className={`status-lights__dot status-lights__dot--${light.color}`} aria-hidden="true" />
      <span>
        {label}: <strong>{t(`status.${light.type}`)}</strong>
      </span>
      {children}
    </li>
  );
};

/**
 * Login and game server lights: green online, red offline (the default), and beside them the
 * players online while the game server is up; on a site of several game servers (decision 049)
 * one light per realm, named by the realm, with its players. Before the opening date none of it: the opening
 * notice says when the server opens instead (docs/product.md#shell).
 */
export const StatusLights = () => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { status, metadata } = useSiteData();
  if (openingAhead(metadata?.openingDate)) return null;
  const players = status.gameStatus.type === 'online' ? status.playersOnline : null;
  const realms = metadata?.realms ?? [];
  if (realms.length > 1 && status.realms) {
    const bySlug = new Map(status.realms.map((realm) => [realm.slug, realm]));
    return (
      <ul className="status-lights" aria-label={t('status.label')}>
        <Light label={t('status.login')} light={status.loginStatus} />
        {realms.map((realm) => {
          const entry = bySlug.get(realm.slug);
          const online = entry?.gameStatus.type === 'online' ? entry.playersOnline : null;
          return (
            <Light key={realm.slug} label={realm.name} light={entry?.gameStatus ?? OFFLINE_STATUS}>
              {online !== null && (
                <span className="status-lights__realm-players">
                  {t('status.playersOnline', { count: online, players: formatNumber(online, language) })}
                </span>
              )}
            </Light>
          );
        })}
      </ul>
    );
  }
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
