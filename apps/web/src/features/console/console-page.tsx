import type { ConsoleMeAnswer } from '@gatekeeper/contract/lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallError, callApi } from '../../api/client';
import { SiteForm } from '../../components/form/site-form';
import { Page } from '../../components/page';
import { Link } from '../../shared/navigation';
import { useLanguage } from '../../shared/use-language';
import { type TabPanel, TabPanels } from '../../components/tab-panels';
import { AuditSection } from './audit-section';
import { StepUpExpired, failureKeys } from './console-call';
import { CONSOLE_FORMS } from './console-forms';
import { DashboardSection } from './dashboard-section';
import { MailSection } from './mail-section';
import { NewsSection } from './news-section';
import { RewardsSection } from './rewards-section';
import { AccountsSection } from './accounts-section';
import { passkeyPromptClosed, stepUpWithPasskey } from './console-passkey';
import { DonationsSection } from './donations-section';
import { VotesSection } from './votes-section';
import './console.css';

/** Who is at the console, as GET /sdk/console/me answers (never cached, never pre-rendered). */
type ConsoleState =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'signedOut' }
  | { kind: 'forbidden' }
  | { kind: 'in'; me: ConsoleMeAnswer };

const read = (): Promise<ConsoleState> =>
  callApi('getConsoleMe').then(
    (me): ConsoleState => (Array.isArray(me) ? { kind: 'failed' } : { kind: 'in', me }),
    (error: unknown): ConsoleState =>
      error instanceof CallError && error.status === 401
        ? { kind: 'signedOut' }
        : error instanceof CallError && error.status === 403
          ? { kind: 'forbidden' }
          : { kind: 'failed' },
  );

/** The step-up with a passkey (docs/owner/console.md#second-factor): the browser's prompt, then the site's answer. */
const PasskeyStepUp = ({ onSteppedUp }: { onSteppedUp: () => void }) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const use = () => {
    setBusy(true);
    setErrors([]);
    stepUpWithPasskey()
      .then(onSteppedUp)
      .catch((error: unknown) =>
        setErrors(passkeyPromptClosed(error) ? ['consoleOwner.passkeyClosed'] : failureKeys(error)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <div className="console__actions">
      <button type="button" className="button" disabled={busy} onClick={use}>
        {t('consoleOwner.usePasskey')}
      </button>
      {errors.length > 0 && <p role="alert">{errors.map((key) => t(key)).join(' ')}</p>}
    </div>
  );
};

/** The step-up: a code of the authenticator app or a recovery code, or a passkey, asked on each entry. */
const StepUpForm = ({ factors, onSteppedUp }: { factors: ConsoleMeAnswer['factors']; onSteppedUp: () => void }) => {
  const { t } = useTranslation();
  return (
    <section className="console__step-up" aria-labelledby="console-step-up">
      <h3 id="console-step-up">{t('console.stepUp.title')}</h3>
      <p className="account-intro">
        {factors.includes('totp') ? t('console.stepUp.intro') : t('consoleOwner.passkeyIntro')}
      </p>
      {factors.includes('passkey') && <PasskeyStepUp onSteppedUp={onSteppedUp} />}
      {factors.includes('totp') && (
        <SiteForm
          config={{
            call: 'consoleSignIn',
            form: CONSOLE_FORMS.signIn,
            captcha: false,
            submitLabel: 'console.stepUp.submit',
            failureTitle: 'console.stepUp.failed',
            onAnswer: onSteppedUp,
          }}
        />
      )}
    </section>
  );
};

/** The console's sections as tabs in place; an owner sees the reward actions, a gm reads. */
const ConsoleSections = ({ me }: { me: ConsoleMeAnswer }) => {
  const { t } = useTranslation();
  const panels: TabPanel[] = [
    { id: 'dashboard', label: t('console.tabs.dashboard'), render: () => <DashboardSection /> },
    { id: 'rewards', label: t('console.tabs.rewards'), render: () => <RewardsSection role={me.role} /> },
    { id: 'news', label: t('consoleNews.tab'), render: () => <NewsSection /> },
    { id: 'mail', label: t('console.tabs.mail'), render: () => <MailSection login={me.login} /> },
    { id: 'audit', label: t('console.tabs.audit'), render: () => <AuditSection /> },
    // Donations, Votes and Accounts (docs/product.md#console-donations-votes-and-accounts).
    { id: 'donations', label: t('consoleOwner.tabs.donations'), render: () => <DonationsSection role={me.role} /> },
    { id: 'votes', label: t('consoleOwner.tabs.votes'), render: () => <VotesSection /> },
    { id: 'accounts', label: t('consoleOwner.tabs.accounts'), render: () => <AccountsSection /> },
  ];
  return <TabPanels label={t('console.tabs.label')} panels={panels} />;
};

/**
 * The owner's console (docs/product.md#console, docs/owner/console.md): pre-rendered as a shell
 * without private data. Signed out, a link to My account; a player, "not allowed"; a gm or owner
 * without a factor, where to switch one on; then the step-up's code form; then the sections. A
 * call that finds the step-up expired brings the code form back.
 */
const ConsolePage = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const [state, setState] = useState<ConsoleState>({ kind: 'loading' });
  const reload = useCallback(() => void read().then(setState), []);
  useEffect(() => {
    let live = true;
    void read().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);
  const expired = useCallback(
    () =>
      setState((current) =>
        current.kind === 'in' ? { kind: 'in', me: { ...current.me, steppedUp: false } } : current,
      ),
    [],
  );

  const myAccount = <Link to={href('myAccount')}>{t('console.myAccountLink')}</Link>;
  return (
    <Page title={t('console.title')}>
      <div className="console">
        {state.kind === 'loading' && <p aria-busy="true">{t('forms.processing')}</p>}
        {state.kind === 'failed' && <p role="alert">{t('ServerError')}</p>}
        {state.kind === 'signedOut' && (
          <p>
            {t('console.signedOut')} {myAccount}
          </p>
        )}
        {state.kind === 'forbidden' && <p role="alert">{t('console.forbidden')}</p>}
        {state.kind === 'in' && (
          <>
            <p className="console__who">
              {t('console.who', { login: state.me.login, role: t(`console.roles.${state.me.role}`) })}
            </p>
            {state.me.factors.length === 0 ? (
              <p role="alert">
                {t('console.needsFactor')} {myAccount}
              </p>
            ) : state.me.steppedUp ? (
              <StepUpExpired.Provider value={expired}>
                <ConsoleSections me={state.me} />
              </StepUpExpired.Provider>
            ) : (
              <StepUpForm factors={state.me.factors} onSteppedUp={reload} />
            )}
          </>
        )}
      </div>
    </Page>
  );
};

export default ConsolePage;
