import {
  COOKIES,
  type ChangePasswordModel,
  type ChangePincodeModel,
  type RecoverPasswordModel,
  type RegisterModel,
  type UnblockCharacterModel,
  changePasswordModel,
  changePincodeModel,
  isLanguage,
  recoverPasswordModel,
  registerModel,
  unblockCharacterModel,
} from '@gatekeeper/contract';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSiteData } from '../../app/site-data';
import { AccountTabs } from '../../components/account-tabs';
import { AccountForm, type AccountFormConfig } from '../../components/form/account-form';
import type { FieldSpec } from '../../components/form/form-field';
import { Page } from '../../components/page';
import type { ACCOUNT_ROUTES } from '../../i18n/routes';
import { lookupIpv6 } from './ipv6-lookup';
import { rememberRegisteredUser } from './registered-users';

type AccountRoute = (typeof ACCOUNT_ROUTES)[number];

const AccountPage = <V extends FieldValues & { captcha: string }>({
  id,
  intro,
  config,
}: {
  id: AccountRoute;
  intro: string;
  config: AccountFormConfig<V>;
}) => {
  const { t } = useTranslation();
  return (
    <Page title={t(`account.tabs.${id}`)}>
      <AccountTabs active={id}>
        <p className="account-intro">{t(intro)}</p>
        <AccountForm config={config} />
      </AccountTabs>
    </Page>
  );
};

const field = {
  username: { name: 'username', label: 'forms.username', autoComplete: 'username', maxLength: 45 },
  newUsername: {
    name: 'username',
    label: 'forms.username',
    autoComplete: 'username',
    maxLength: 14,
    hint: 'forms.hints.username',
  },
  password: { name: 'password', label: 'forms.password', type: 'password', autoComplete: 'current-password' },
  newPassword: {
    name: 'newPassword',
    label: 'forms.newPassword',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: 15,
  },
  confirmPassword: {
    name: 'confirmPassword',
    label: 'forms.confirmPassword',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: 15,
  },
  email: { name: 'email', label: 'forms.email', type: 'email', autoComplete: 'email', maxLength: 250 },
  confirmEmail: {
    name: 'confirmEmail',
    label: 'forms.confirmEmail',
    type: 'email',
    autoComplete: 'email',
    maxLength: 250,
  },
  charName: { name: 'charName', label: 'forms.charName', autoComplete: 'off', maxLength: 35 },
  pincode: {
    name: 'pincode',
    label: 'forms.pincode',
    type: 'password',
    autoComplete: 'off',
    inputMode: 'numeric',
    maxLength: 8,
    hint: 'forms.hints.pincode',
  },
} as const;

const fields = <V extends FieldValues>(...specs: FieldSpec<V>[]) => specs;

type Register = RegisterModel & { captcha: string; creationIpV6: string };

export const RegisterPage = () => {
  const { metadata } = useSiteData();
  return (
    <AccountPage<Register>
      id="register"
      intro="forms.intro.register"
      config={{
        call: 'createAccount',
        schema: registerModel as never,
        fields: fields<Register>(
          field.newUsername,
          field.newPassword,
          field.confirmPassword,
          field.email,
          field.confirmEmail,
        ),
        checklistFor: 'newPassword',
        defaults: {
          username: '',
          newPassword: '',
          confirmPassword: '',
          email: '',
          confirmEmail: '',
          captcha: '',
          creationIpV6: '',
        },
        submitLabel: 'forms.submit.register',
        success: { title: 'registerComplete', message: 'registerCompleteMessage' },
        failureTitle: 'registerFail',
        prepare: async (values) => ({ ...values, creationIpV6: await lookupIpv6(metadata?.ipv6LookupUrl ?? '') }),
        onSuccess: (values) => rememberRegisteredUser(values.username, COOKIES.users),
      }}
    />
  );
};

type ChangePassword = ChangePasswordModel & { captcha: string };

export const ChangePasswordPage = () => (
  <AccountPage<ChangePassword>
    id="changePassword"
    intro="forms.intro.changePassword"
    config={{
      call: 'changePassword',
      schema: changePasswordModel as never,
      fields: fields<ChangePassword>(field.username, field.password, field.newPassword, field.confirmPassword),
      checklistFor: 'newPassword',
      defaults: { username: '', password: '', newPassword: '', confirmPassword: '', captcha: '' },
      submitLabel: 'forms.submit.changePassword',
      success: { title: 'passChanged', message: 'passChangeSucceeded' },
      failureTitle: 'passChangeFailed',
    }}
  />
);

type RecoverPassword = RecoverPasswordModel & { captcha: string };

export const RecoverPasswordPage = () => {
  const { i18n } = useTranslation();
  return (
    <AccountPage<RecoverPassword>
      id="recoverPassword"
      intro="forms.intro.recoverPassword"
      config={{
        call: 'recoverPassword',
        schema: recoverPasswordModel as never,
        fields: fields<RecoverPassword>(field.username, field.email),
        defaults: { username: '', email: '', captcha: '' },
        submitLabel: 'forms.submit.recoverPassword',
        success: { title: 'passRecovery', message: 'passRecoveryInstructions' },
        failureTitle: 'passRecovery',
        prepare: (values) => ({ ...values, lang: isLanguage(i18n.language) ? i18n.language : 'en' }),
      }}
    />
  );
};

type ChangePincode = ChangePincodeModel & { captcha: string };

export const ChangePincodePage = () => (
  <AccountPage<ChangePincode>
    id="changePincode"
    intro="forms.intro.changePincode"
    config={{
      call: 'changePincode',
      schema: changePincodeModel as never,
      fields: fields<ChangePincode>(field.username, field.password, field.email, field.charName, field.pincode),
      defaults: { username: '', password: '', email: '', charName: '', pincode: '', captcha: '' },
      submitLabel: 'forms.submit.changePincode',
      success: { title: 'pincodeChanged', message: 'pincodeChangeSucceeded' },
      failureTitle: 'pincodeChangeFailed',
    }}
  />
);

type UnblockCharacter = UnblockCharacterModel & { captcha: string };

export const UnblockCharacterPage = () => (
  <AccountPage<UnblockCharacter>
    id="unblockCharacter"
    intro="forms.intro.unblockCharacter"
    config={{
      call: 'fixCharacter',
      schema: unblockCharacterModel as never,
      fields: fields<UnblockCharacter>(field.username, field.password, field.email, field.charName),
      defaults: { username: '', password: '', email: '', charName: '', captcha: '' },
      submitLabel: 'forms.submit.unblockCharacter',
      success: { title: 'charUnblocked', message: 'charUnblockMessage' },
      failureTitle: 'charUnblockFailed',
    }}
  />
);
