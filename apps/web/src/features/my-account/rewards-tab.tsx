import type { RewardRow } from '@gatekeeper/contract/lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { useItemNames } from '../../shared/item-names';
import { useSiteData } from '../../shared/site-data';
import { useFormats } from './formats';

/** Every donation, vote and referral reward of the account, with where it is (docs/product.md#my-account-rewards). */
export const RewardsTab = () => {
  const formats = useFormats();
  const { t } = useTranslation();
  const itemName = useItemNames();
  const [rows, setRows] = useState<RewardRow[]>();
  const [failed, setFailed] = useState(false);
  const { metadata } = useSiteData();
  // On a site of several realms (decision 049) each reward names the realm its character plays on.
  const realmOf = (slug: string) =>
    metadata && metadata.realms.length > 1
      ? metadata.realms.find((realm) => realm.slug === slug)?.name || slug
      : undefined;
  useEffect(() => {
    callApi('getRewards').then(setRows, () => setFailed(true));
  }, []);
  if (failed) return <p role="alert">{t('ServerError')}</p>;
  if (!rows) return <p aria-busy="true">{t('forms.processing')}</p>;
  if (rows.length === 0) return <p>{t('myAccount.rewards.empty')}</p>;
  return (
    <ul className="my-account__rows" aria-label={t('myAccount.tabs.rewards')}>
      {rows.map((row, index) => (
        <li key={`${row.createdAt}-${index}`} className="my-account__row">
          <span>
            <strong>{t(`myAccount.rewards.source.${row.source}`)}</strong>
            {row.amount !== '' && <> · {row.amount}</>} · {row.character}
            {realmOf(row.realm) && <> ({realmOf(row.realm)})</>} ·{' '}
            {t('myAccount.rewards.items', { amount: row.count, item: itemName(row.itemId) })}
          </span>
          <span className="my-account__muted">
            {formats.dateTime(row.createdAt)} · {t(`myAccount.rewards.state.${row.state}`)}
            {row.attempts > 1 && <> · {t('myAccount.rewards.attempts', { tries: row.attempts })}</>}
          </span>
        </li>
      ))}
    </ul>
  );
};
