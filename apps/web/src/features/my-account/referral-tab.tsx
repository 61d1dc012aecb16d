import type { AccountReferralAnswer } from '@gatekeeper/contract/lite';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { CopyButton } from '../../components/copy-button';
import { formatNumber } from '../../shared/formats';
import { useItemNames } from '../../shared/item-names';
import { useSiteData } from '../../shared/site-data';
import { useFormats } from './formats';

/**
 * The player's referral link with a copy button, the reward a brought player earns (coins.perRef of
 * the settings, through getmetadata), and the players it brought, with how far each got
 * (docs/product.md#my-account-referral).
 */
export const ReferralTab = () => {
  const formats = useFormats();
  const { t, i18n } = useTranslation();
  const { metadata } = useSiteData();
  const itemName = useItemNames();
  const linkId = useId();
  const link = useRef<HTMLInputElement>(null);
  const [answer, setAnswer] = useState<AccountReferralAnswer>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    callApi('getAccountReferral').then(setAnswer, () => setFailed(true));
  }, []);
  if (failed) return <p role="alert">{t('ServerError')}</p>;
  if (!answer) return <p aria-busy="true">{t('forms.processing')}</p>;
  return (
    <>
      <label className="my-account__copy-label" htmlFor={linkId}>
        {t('myAccount.referral.link')}
      </label>
      <div className="my-account__copy">
        <input
          id={linkId}
          ref={link}
          type="text"
          readOnly
          value={answer.link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton
          value={answer.link}
          label={t('referral.copyLink')}
          copiedLabel={t('referral.linkCopied')}
          select={link}
        />
      </div>
      {metadata && metadata.coinsPerRef > 0 && (
        <p>
          {t('myAccount.referral.reward', {
            coins: formatNumber(metadata.coinsPerRef, i18n.language),
            coinsName: itemName(metadata.coinItemId, metadata.coinsName),
          })}
        </p>
      )}
      <p className="my-account__muted">{t('myAccount.referral.rule', { level: answer.playingLevel })}</p>
      {answer.referred.length === 0 ? (
        <p>{t('myAccount.referral.empty')}</p>
      ) : (
        <ul className="my-account__rows" aria-label={t('myAccount.referral.brought')}>
          {answer.referred.map((row) => (
            <li key={`${row.login}-${row.registeredAt}`} className="my-account__row">
              <span>
                <strong>{row.login}</strong> · {t(`myAccount.referral.stage.${row.stage}`)}
              </span>
              <span className="my-account__muted">
                {formats.dateTime(row.registeredAt)} ·{' '}
                {t('myAccount.referral.level', { level: row.level, target: answer.playingLevel })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
};
