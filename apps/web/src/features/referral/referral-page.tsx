import { type ReferralLinkRequest, referralLinkRequest } from '@gatekeeper/contract';
import { useTranslation } from 'react-i18next';
import { Link } from '../../app/navigation';
import { useSiteData } from '../../app/site-data';
import { useLanguage } from '../../app/use-language';
import { AccountForm, type AccountFormConfig } from '../../components/form/account-form';
import { Page } from '../../components/page';
import './referral.css';

type ReferralLinkValues = Required<ReferralLinkRequest>;

const CONFIG: AccountFormConfig<ReferralLinkValues> = {
  call: 'getReferralLink',
  schema: referralLinkRequest as never,
  fields: [
    { name: 'username', label: 'forms.username', autoComplete: 'username', maxLength: 45 },
    { name: 'email', label: 'forms.email', type: 'email', autoComplete: 'email', maxLength: 250 },
    {
      name: 'charName',
      label: 'referral.rewardCharacter',
      autoComplete: 'off',
      maxLength: 35,
      hint: 'referral.rewardCharacterHint',
    },
  ],
  defaults: { username: '', email: '', charName: '', captcha: '' },
  submitLabel: 'referral.submit',
  success: {
    title: 'referral.linkTitle',
    message: 'referralLinkText',
    copyAnswer: { label: 'referral.copyLink', copiedLabel: 'referral.linkCopied' },
  },
  failureTitle: 'getReferralFail',
};

/**
 * The referral page (SPEC, Referral page): username, email and captcha give the account's
 * referral link, through the site's one form pattern. An optional character name chooses which
 * character of the account receives the rewards.
 */
const ReferralPage = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { metadata } = useSiteData();
  const coins = metadata?.coinsName ?? t('referral.coinsFallback');
  return (
    <Page title={t('pages.referral')} className="referral">
      <p className="referral__lead">{t('referral.lead')}</p>
      <ol className="referral__steps">
        <li>{t('referral.steps.link')}</li>
        <li>{t('referral.steps.share')}</li>
        <li>{t('referral.steps.reward', { coins })}</li>
      </ol>
      <AccountForm config={CONFIG} />
      <p className="referral__ranking">
        <Link to={href('statisticsReferrals')}>{t('referral.rankingLink')}</Link>
      </p>
    </Page>
  );
};

export default ReferralPage;
