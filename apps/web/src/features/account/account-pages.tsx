import { COOKIES, isLanguage } from '@gatekeeper/contract/lite';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from '../../shared/navigation';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';
import { AccountTabs } from '../../components/account-tabs';
import { RealmSelect, useRealmChoice } from '../../components/realm-select';
import { SiteForm, type SiteFormConfig } from '../../components/form/site-form';
import { defineForm } from '../../components/form/form-definition';
import { FIELDS } from '../../components/form/fields';
import { Page } from '../../components/page';
import type { ACCOUNT_ROUTES } from '../../i18n/routes';
import { lookupIpv6 } from './ipv6-lookup';
import { rememberRegisteredUser } from './registered-users';
import { useSignedInAccount } from './use-signed-in-account';

type AccountRoute = (typeof ACCOUNT_ROUTES)[number];

const AccountPage = <I extends FieldValues, O extends FieldValues>({
  id,
  intro,
  config,
}: {
  id: AccountRoute;
  intro: string;
  config: SiteFormConfig<I, O>;
}) => {
  const { t } = useTranslation();
  const signedIn = useSignedInAccount();
  // Registering makes a new account: nothing of the signed-in one is filled in there.
  const filled =
    id === 'register'
      ? config
      : { ...config, prefill: signedIn.prefill, suggestions: { charName: signedIn.charNames } };
  return (
    <Page title={t(`account.tabs.${id}`)}>
      <AccountTabs active={id}>
        <p className="account-intro">{t(intro)}</p>
        <SiteForm config={filled} />
      </AccountTabs>
    </Page>
  );
};

/** The contract's models, in a chunk of their own loaded with the form's first use (form-definition.ts). */
const models = () => import('./account-models');

export const ACCOUNT_FORMS = {
  register: defineForm(
    () => models().then((m) => m.registerModel),
    [FIELDS.newUsername, FIELDS.newPassword, FIELDS.confirmPassword, FIELDS.email, FIELDS.confirmEmail],
  ),
  changePassword: defineForm(
    () => models().then((m) => m.changePasswordModel),
    [FIELDS.username, FIELDS.password, FIELDS.newPassword, FIELDS.confirmPassword],
  ),
  recoverPassword: defineForm(() => models().then((m) => m.recoverPasswordModel), [FIELDS.username, FIELDS.email]),
  changePincode: defineForm(
    () => models().then((m) => m.changePincodeModel),
    [FIELDS.username, FIELDS.password, FIELDS.email, FIELDS.charName, FIELDS.pincode],
  ),
  unblockCharacter: defineForm(
    () => models().then((m) => m.unblockCharacterModel),
    [FIELDS.username, FIELDS.password, FIELDS.email, FIELDS.charName],
  ),
};

export const RegisterPage = () => {
  const { metadata } = useSiteData();
  return (
    <AccountPage
      id="register"
      intro="forms.intro.register"
      config={{
        call: 'createAccount',
        form: ACCOUNT_FORMS.register,
        checklistFor: 'newPassword',
        submitLabel: 'forms.submit.register',
        success: { title: 'registerComplete', message: 'registerCompleteMessage' },
        failureTitle: 'registerFail',
        prepare: async (values) => ({ ...values, creationIpV6: await lookupIpv6(metadata?.ipv6LookupUrl ?? '') }),
        onSuccess: (values) => rememberRegisteredUser(values.username, COOKIES.users),
      }}
    />
  );
};

export const ChangePasswordPage = () => (
  <AccountPage
    id="changePassword"
    intro="forms.intro.changePassword"
    config={{
      call: 'changePassword',
      form: ACCOUNT_FORMS.changePassword,
      checklistFor: 'newPassword',
      submitLabel: 'forms.submit.changePassword',
      success: { title: 'passChanged', message: 'passChangeSucceeded' },
      failureTitle: 'passChangeFailed',
    }}
  />
);

export const RecoverPasswordPage = () => {
  const { i18n } = useTranslation();
  const { metadata } = useSiteData();
  // The recovery's end is a mail: without mail the form could not finish.
  if (metadata?.sendsMail === false) return <ClosedToolNotice id="recoverPassword" notice="account.noMail" />;
  return (
    <AccountPage
      id="recoverPassword"
      intro="forms.intro.recoverPassword"
      config={{
        call: 'recoverPassword',
        form: ACCOUNT_FORMS.recoverPassword,
        submitLabel: 'forms.submit.recoverPassword',
        success: { title: 'passRecovery', message: 'passRecoveryInstructions' },
        failureTitle: 'passRecovery',
        prepare: (values) => ({ ...values, lang: isLanguage(i18n.language) ? i18n.language : 'en' }),
      }}
    />
  );
};

/**
 * A tool this server cannot offer says so instead of a form: the PIN where the game has none
 * (metadata accountTools.pincode false, aCis), the password recovery where the site sends no mail.
 */
const ClosedToolNotice = ({ id, notice }: { id: AccountRoute; notice: string }) => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  return (
    <Page title={t(`account.tabs.${id}`)}>
      <AccountTabs active={id}>
        <p role="status" className="page-notice">
          {t(notice)}
        </p>
        <p>
          <Link to={href('changePassword')} className="link-target">
            {t('account.tabs.changePassword')}
          </Link>
        </p>
      </AccountTabs>
    </Page>
  );
};

/**
 * The tools that name a character ask its game server first on a site of several realms (decision
 * 049): the select's realm goes with the call; on a site of one realm nothing is asked or sent.
 */
export const ChangePincodePage = () => {
  const { metadata } = useSiteData();
  const realm = useRealmChoice();
  if (metadata?.accountTools.pincode === false && realm.realms.length < 2)
    return <ClosedToolNotice id="changePincode" notice="account.noPincode" />;
  return (
    <AccountPage
      id="changePincode"
      intro="forms.intro.changePincode"
      config={{
        call: 'changePincode',
        form: ACCOUNT_FORMS.changePincode,
        submitLabel: 'forms.submit.changePincode',
        success: { title: 'pincodeChanged', message: 'pincodeChangeSucceeded' },
        failureTitle: 'pincodeChangeFailed',
        leading: <RealmSelect choice={realm} />,
        prepare: (values) => ({ ...values, ...realm.field }),
      }}
    />
  );
};

export const UnblockCharacterPage = () => {
  const realm = useRealmChoice();
  return (
    <AccountPage
      id="unblockCharacter"
      intro="forms.intro.unblockCharacter"
      config={{
        call: 'unblockCharacter',
        form: ACCOUNT_FORMS.unblockCharacter,
        submitLabel: 'forms.submit.unblockCharacter',
        success: { title: 'charUnblocked', message: 'charUnblockMessage' },
        failureTitle: 'charUnblockFailed',
        leading: <RealmSelect choice={realm} />,
        prepare: (values) => ({ ...values, ...realm.field }),
      }}
    />
  );
};
