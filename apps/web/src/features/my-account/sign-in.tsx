import { useTranslation } from 'react-i18next';
import { SiteForm } from '../../components/form/site-form';
import { useLanguage } from '../../shared/use-language';
import { Link } from '../../shared/navigation';
import { MY_ACCOUNT_FORMS } from './my-account-forms';
import { PasskeySignInButton } from './passkey-button';

/** The answer of POST /sdk/signin that asks for the second factor's code next. */
const asksSecondFactor = (answer: unknown) => Array.isArray(answer) && answer.includes('secondFactorRequired');

/** Sign in with the game account: login, password and the account tools' captcha. */
export const SignInForm = ({ onSignedIn, onSecondFactor }: { onSignedIn: () => void; onSecondFactor: () => void }) => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  return (
    <section className="my-account__sign-in" aria-labelledby="my-account-sign-in">
      <h3 id="my-account-sign-in">{t('myAccount.signIn.title')}</h3>
      <p className="account-intro">{t('myAccount.signIn.intro')}</p>
      <SiteForm
        config={{
          call: 'signIn',
          form: MY_ACCOUNT_FORMS.signIn,
          submitLabel: 'myAccount.signIn.submit',
          failureTitle: 'myAccount.signIn.failed',
          onAnswer: (answer) => (asksSecondFactor(answer) ? onSecondFactor() : onSignedIn()),
        }}
      />
      <p className="my-account__passkey-sign-in">
        <PasskeySignInButton label={t('myAccount.passkeys.signIn')} onSignedIn={onSignedIn} />
      </p>
      <p>
        <Link to={href('register')} className="link-target">
          {t('account.tabs.register')}
        </Link>{' '}
        ·{' '}
        <Link to={href('recoverPassword')} className="link-target">
          {t('account.tabs.recoverPassword')}
        </Link>
      </p>
    </section>
  );
};

/** The second step: a code of the authenticator app, one of the recovery codes, or a passkey. */
export const SecondFactorForm = ({ onSignedIn }: { onSignedIn: () => void }) => {
  const { t } = useTranslation();
  return (
    <section className="my-account__sign-in" aria-labelledby="my-account-second-factor">
      <h3 id="my-account-second-factor">{t('myAccount.secondFactor.title')}</h3>
      <p className="account-intro">{t('myAccount.secondFactor.intro')}</p>
      <SiteForm
        config={{
          call: 'signInSecondFactor',
          form: MY_ACCOUNT_FORMS.secondFactor,
          captcha: false,
          submitLabel: 'myAccount.secondFactor.submit',
          failureTitle: 'myAccount.signIn.failed',
          onAnswer: onSignedIn,
        }}
      />
      <p className="my-account__passkey-sign-in">
        <PasskeySignInButton label={t('myAccount.passkeys.useOne')} onSignedIn={onSignedIn} />
      </p>
    </section>
  );
};
