import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ScriptButton } from '../../components/script-button';

const TERMS = ['voluntary', 'coins', 'character', 'delivery', 'refunds', 'chargebacks'] as const;
/** With donations to the wallet: the coins go to the account's wallet, not to a character. */
const WALLET_TERMS = ['voluntary', 'wallet', 'refunds', 'walletChargebacks'] as const;

/** The first view of the donate page: what a donation is and is not, and the proceed button. */
export const DonationAgreement = ({ onProceed, toWallet = false }: { onProceed: () => void; toWallet?: boolean }) => {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="donate-agreement" aria-labelledby={headingId}>
      <h3 id={headingId} className="donate-heading">
        {t('donate.agreement.heading')}
      </h3>
      <p>{t('donate.agreement.intro')}</p>
      <ol className="donate-agreement__terms">
        {(toWallet ? WALLET_TERMS : TERMS).map((term) => (
          <li key={term}>{t(`donate.agreement.terms.${term}`)}</li>
        ))}
      </ol>
      <p>{t('donate.agreement.consent')}</p>
      <ScriptButton className="button button--primary" onClick={onProceed}>
        {t('donate.agreement.proceed')}
      </ScriptButton>
    </section>
  );
};
