import type { AccountAnswer } from '@gatekeeper/contract/lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { Page } from '../../components/page';
import { CharactersTab } from './characters-tab';
import { BannedNotice } from './banned-notice';
import { OverviewTab } from './overview-tab';
import { ReferralTab } from './referral-tab';
import { RewardsTab } from './rewards-tab';
import { SecurityTab } from './security-tab';
import { WalletTab } from './wallet-tab';
import { SecondFactorForm, SignInForm } from './sign-in';
import { type TabPanel, TabPanels } from '../../components/tab-panels';
import { useAccount } from './use-account';
import { announceSignedIn } from '../../shared/signed-in';
import './my-account.css';

const SignedInAccount = ({
  account,
  onChanged,
  onSignOut,
  onSignedOut,
}: {
  account: AccountAnswer;
  onChanged: () => void;
  onSignOut: () => void;
  onSignedOut: () => void;
}) => {
  const { t } = useTranslation();
  const panels: TabPanel[] = [
    { id: 'overview', label: t('myAccount.tabs.overview'), render: () => <OverviewTab account={account} /> },
    { id: 'characters', label: t('myAccount.tabs.characters'), render: () => <CharactersTab account={account} /> },
    { id: 'wallet', label: t('myAccount.tabs.wallet'), render: () => <WalletTab account={account} /> },
    { id: 'rewards', label: t('myAccount.tabs.rewards'), render: () => <RewardsTab /> },
    { id: 'referral', label: t('myAccount.tabs.referral'), render: () => <ReferralTab /> },
    {
      id: 'security',
      label: t('myAccount.tabs.security'),
      render: () => (
        <SecurityTab
          secondFactor={account.secondFactor}
          provedUntil={account.provedUntil}
          onChanged={onChanged}
          onSignedOut={onSignedOut}
        />
      ),
    },
  ];
  return (
    <>
      <p className="my-account__who">
        {t('myAccount.signedInAs', { login: account.login })}{' '}
        <button type="button" className="button" onClick={onSignOut}>
          {t('myAccount.signOut')}
        </button>
      </p>
      <TabPanels label={t('myAccount.tabs.label')} panels={panels} />
    </>
  );
};

/**
 * My account (docs/product.md#my-account): pre-rendered as a shell without any private data; the
 * account is read in the browser (GET /sdk/account, no-store). Signed out, the sign-in form; then
 * the second factor's step where it is on; a banned account sees its ban only.
 */
const MyAccountPage = () => {
  const { t } = useTranslation();
  const { state, reload, signedOut } = useAccount();
  const [askCode, setAskCode] = useState(false);

  const afterSignIn = () => {
    setAskCode(false);
    void reload();
  };
  const onSignedOut = () => {
    announceSignedIn(undefined);
    signedOut();
  };
  const signOut = async () => {
    await callApi('signOut', { body: {} }).catch(() => undefined);
    onSignedOut();
  };
  useEffect(() => {
    if (state.kind === 'signedIn') announceSignedIn(state.account.login);
    if (state.kind === 'signedOut') announceSignedIn(undefined);
  }, [state]);

  return (
    <Page title={t('myAccount.title')}>
      <div className="my-account">
        {state.kind === 'loading' && <p aria-busy="true">{t('forms.processing')}</p>}
        {state.kind === 'failed' && <p role="alert">{t('ServerError')}</p>}
        {state.kind === 'signedOut' &&
          (askCode ? (
            <SecondFactorForm onSignedIn={afterSignIn} />
          ) : (
            <SignInForm onSignedIn={afterSignIn} onSecondFactor={() => setAskCode(true)} />
          ))}
        {state.kind === 'signedIn' &&
          (state.account.ban.banned ? (
            <BannedNotice account={state.account} onSignOut={() => void signOut()} />
          ) : (
            <SignedInAccount
              account={state.account}
              onChanged={() => void reload()}
              onSignOut={() => void signOut()}
              onSignedOut={onSignedOut}
            />
          ))}
      </div>
    </Page>
  );
};

export default MyAccountPage;
