import type { CallName, ResponseOf } from '@gatekeeper/contract/lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRetryableCall } from '../../api/use-call';
import { useRealm } from '../../shared/use-realm';
import { Page } from '../../components/page';
import { type WorldRoute, WorldTabs } from './world-tabs';
import './world.css';

/**
 * A World page (docs/product.md#world): its tabs, then the answer of its read drawn by `children`,
 * or what stands in for it: a notice with Try again when the read failed, "Loading…" before the
 * answer (only before the server's first read: the pre-rendered page carries it, decision 040),
 * and `emptyText` when `isEmpty` says the game has nothing to show.
 */
export const WorldPage = <N extends CallName>({
  route,
  call,
  isEmpty,
  emptyText,
  children,
}: {
  route: WorldRoute;
  call: N;
  isEmpty?: (answer: ResponseOf<N>) => boolean;
  emptyText?: string;
  children: (answer: ResponseOf<N>) => ReactNode;
}) => {
  const { t } = useTranslation();
  const { query } = useRealm();
  const { value, failed, retry } = useRetryableCall(call, { query });
  return (
    <Page title={t(`world.names.${route}`)}>
      <WorldTabs active={route} />
      <div className="world-content">
        {failed ? (
          <div className="page-notice" role="alert">
            <p>{t('world.loadFailed')}</p>
            <button type="button" className="button" onClick={retry}>
              {t('statistics.retry')}
            </button>
          </div>
        ) : value === undefined ? (
          <p className="page-notice" role="status">
            {t('common.loading')}
          </p>
        ) : isEmpty?.(value) ? (
          <p className="page-notice">{emptyText}</p>
        ) : (
          children(value)
        )}
      </div>
    </Page>
  );
};
