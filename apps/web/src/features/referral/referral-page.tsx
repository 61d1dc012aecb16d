import { useTranslation } from 'react-i18next';
import { Link } from '../../shared/navigation';
import { useItemNames } from '../../shared/item-names';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';
import { SiteForm } from '../../components/form/site-form';
import { FIELDS } from '../../components/form/fields';
import { defineForm } from '../../components/form/form-definition';
import { Page } from '../../components/page';
import { RealmSelect, useRealmChoice } from '../../components/realm-select';
import './referral.css';

export const REFERRAL_FORM = defineForm(
  () => import('@gatekeeper/contract').then((m) => m.referralLinkRequest),
  [
    FIELDS.username,
    FIELDS.email,
    { ...FIELDS.charName, label: 'referral.rewardCharacter', hint: 'referral.rewardCharacterHint' },
  ],
);

/**
 * The referral page (docs/product.md#referral): username, email and captcha give the account's
 * referral link, through the site's one form pattern. An optional character name chooses which
 * character of the account receives the rewards; on a site of several realms, in the game server
 * the player picks first (decision 049).
 */
const ReferralPage = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { metadata } = useSiteData();
  const itemName = useItemNames();
  const realm = useRealmChoice();
  const coins = metadata ? itemName(metadata.coinItemId, metadata.coinsName) : t('referral.coinsFallback');
  return (
    <Page title={t('pages.referral')} className="referral">
      <p className="referral__lead">{t('referral.lead')}</p>
      <ol className="referral__steps">
        <li>{t('referral.steps.link')}</li>
        <li>{t('referral.steps.share')}</li>
        <li>{t('referral.steps.reward', { coins })}</li>
      </ol>
      <SiteForm
        config={{
          call: 'getReferralLink',
          form: REFERRAL_FORM,
          submitLabel: 'referral.submit',
          success: {
            title: 'referral.linkTitle',
            message: 'referralLinkText',
            copyAnswer: { label: 'referral.copyLink', copiedLabel: 'referral.linkCopied' },
          },
          failureTitle: 'getReferralFail',
          leading: <RealmSelect choice={realm} />,
          prepare: (values) => ({ ...values, ...realm.field }),
        }}
      />
      <p className="referral__ranking">
        <Link to={href('statisticsReferrals')} className="link-target">
          {t('referral.rankingLink')}
        </Link>
      </p>
    </Page>
  );
};

export default ReferralPage;
