import {
  PAYMENT_OUTCOMES,
  PAYMENT_PROVIDERS,
  type PaymentOutcome,
  type PaymentProviderName,
} from '@gatekeeper/contract/lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../../shared/navigation';
import { useSiteData } from '../../shared/site-data';
import { useBrowserValue } from '../../shared/use-browser-value';
import { Page, PageLoading } from '../../components/page';
import { readAgreementAccepted, rememberAgreementAccepted } from './agreement-memory';
import { DonationAgreement } from './donation-agreement';
import { DonationContact } from './donation-contact';
import { DonationForm } from './donation-form';
import './donate.css';

/**
 * What the provider's return and cancel addresses (?payment=...) tell the donor; with donations
 * to the wallet, that the coins reach the wallet.
 */
const PaymentNotice = ({ toWallet }: { toWallet: boolean }) => {
  const { t } = useTranslation();
  const query = new URLSearchParams(useLocation().search);
  const payment = query.get('payment');
  if (!PAYMENT_OUTCOMES.includes(payment as PaymentOutcome)) return null;
  // Stripe's and Mercado Pago's returns name their provider; PayPal's do not.
  const via = query.get('provider');
  const provider = PAYMENT_PROVIDERS.includes(via as PaymentProviderName) ? (via as PaymentProviderName) : 'paypal';
  const outcome = payment as PaymentOutcome;
  const text =
    toWallet && (outcome === 'complete' || outcome === 'processing')
      ? (`donate.notice.${outcome}Wallet` as const)
      : (`donate.notice.${outcome}` as const);
  return (
    <p role="status" className={`page-notice donate-notice donate-notice--${payment}`}>
      {t(text, { provider: t(`donate.notice.provider.${provider}`) })}
    </p>
  );
};

const STEPS = ['agreement', 'details'] as const;

/**
 * Where the donor is: the agreement, then the amount and character (the amount alone with
 * donations to the wallet); the current one is marked.
 */
const DonationSteps = ({ current, toWallet }: { current: (typeof STEPS)[number]; toWallet: boolean }) => {
  const { t } = useTranslation();
  return (
    <ol className="donate-steps" aria-label={t('donate.steps.label')}>
      {STEPS.map((step) => (
        <li
          key={step}
          className={`donate-steps__step${step === current ? ' donate-steps__step--current' : ''}`}
          aria-current={step === current ? 'step' : undefined}
        >
          {t(step === 'details' && toWallet ? 'donate.steps.detailsWallet' : `donate.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
};

/**
 * docs/product.md#donate: the agreement view with its proceed button, then the donation view, once;
 * while payments are not set up, only a notice that donations open soon.
 */
const DonatePage = () => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  // The pre-rendered page shows the agreement; a visitor who accepted it sees the form once hydrated.
  const acceptedBefore = useBrowserValue(readAgreementAccepted, false);
  const [acceptedNow, setAccepted] = useState(false);
  const accepted = acceptedBefore || acceptedNow;
  const [justAccepted, setJustAccepted] = useState(false);
  const toWallet = metadata?.donation.target === 'wallet';

  const proceed = () => {
    rememberAgreementAccepted();
    setAccepted(true);
    setJustAccepted(true);
  };

  // Payments not set up: said at once, no step that could not finish (docs/product.md#donate).
  if (metadata?.donation.open === false) {
    return (
      <Page title={t('pages.donate')} className="donate-page">
        <p role="status" className="page-notice">
          {t('donate.closed')}
        </p>
        <DonationContact contact={metadata.donation.contact} />
      </Page>
    );
  }

  return (
    <Page title={t('pages.donate')} className="donate-page">
      <PaymentNotice toWallet={toWallet} />
      <DonationSteps current={accepted ? 'details' : 'agreement'} toWallet={toWallet} />
      {!accepted ? (
        <DonationAgreement onProceed={proceed} toWallet={toWallet} />
      ) : metadata ? (
        <DonationForm metadata={metadata} focusHeading={justAccepted} />
      ) : metadata === null ? (
        <p className="page-notice">{t('ServerError')}</p>
      ) : (
        <PageLoading />
      )}
    </Page>
  );
};

export default DonatePage;
