import { type ConsoleMeAnswer, type ConsoleSection, matchConsoleSection } from '@gatekeeper/contract/lite';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallError, callApi } from '../../api/client';
import { SiteForm } from '../../components/form/site-form';
import { Link, useLocation } from '../../shared/navigation';
import { useLanguage } from '../../shared/use-language';
import { AuditSection } from './audit-section';
import { ConsoleActivity, StepUpExpired, failureKeys } from './console-call';
import { ConsoleShell } from './console-shell';
import { CONSOLE_FORMS } from './console-forms';
import { DashboardSection } from './dashboard-section';
import { MailSection } from '../mail/console-section';
import { NewsSection } from '../news/console-section';
import { RewardsSection } from '../rewards/console-section';
import { AccountsSection } from '../account/console-section';
import { passkeyPromptClosed, stepUpWithPasskey } from './console-passkey';
import { AccountDonations, DonationsSection } from '../donate/console-section';
import { VotesSection } from '../votes/console-section';
import { ShopSection } from '../shop/console-section';
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
        setErrors(passkeyPromptClosed(error) ? ['console.shell.passkeyClosed'] : failureKeys(error)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <div className="console__actions">
      <button type="button" className="button" disabled={busy} onClick={use}>
        {t('console.shell.usePasskey')}
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
      <h3 id="console-step-up">{t('console.shell.stepUp.title')}</h3>
      <p className="account-intro">
        {factors.includes('totp') ? t('console.shell.stepUp.intro') : t('console.shell.passkeyIntro')}
      </p>
      {factors.includes('passkey') && <PasskeyStepUp onSteppedUp={onSteppedUp} />}
      {factors.includes('totp') && (
        <SiteForm
          config={{
            call: 'consoleSignIn',
            form: CONSOLE_FORMS.signIn,
            captcha: false,
            submitLabel: 'console.shell.stepUp.submit',
            failureTitle: 'console.shell.stepUp.failed',
            onAnswer: onSteppedUp,
          }}
        />
      )}
    </section>
  );
};

/** The section an address shows; an owner sees the actions, a gm reads. */
const SectionOf = ({ section, me }: { section: ConsoleSection; me: ConsoleMeAnswer }): ReactNode => {
  switch (section) {
    case 'dashboard':
      return <DashboardSection />;
    case 'donations':
      return <DonationsSection role={me.role} />;
    case 'rewards':
      return <RewardsSection role={me.role} />;
    case 'votes':
      return <VotesSection />;
    case 'accounts':
      return <AccountsSection role={me.role} DonationsTable={AccountDonations} />;
    case 'news':
      return <NewsSection />;
    case 'mail':
      return <MailSection login={me.login} />;
    case 'shop':
      return <ShopSection />;
    case 'audit':
      return <AuditSection />;
  }
};

/**
 * The owner's console (docs/product.md#console, docs/owner/console.md): pre-rendered as a frame
 * without private data, in its own shell. Signed out, a link to My account; a player, "not
 * allowed"; a gm or owner without a factor, where to switch one on; then the step-up's code form;
 * then the section of the address. A call that finds the step-up expired brings the code form back.
 */
const ConsolePage = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { pathname } = useLocation();
  const section = matchConsoleSection(pathname)?.section ?? 'dashboard';
  const [state, setState] = useState<ConsoleState>({ kind: 'loading' });
  const [lastCallAt, setLastCallAt] = useState<number | undefined>();
  const answered = useCallback((next: ConsoleState) => {
    setState(next);
    setLastCallAt(Date.now());
  }, []);
  const reload = useCallback(() => void read().then(answered), [answered]);
  const active = useCallback(() => setLastCallAt(Date.now()), []);
  useEffect(() => {
    let live = true;
    void read().then((next) => live && answered(next));
    return () => {
      live = false;
    };
  }, [answered]);
  const expired = useCallback(
    () =>
      setState((current) =>
        current.kind === 'in' ? { kind: 'in', me: { ...current.me, steppedUp: false } } : current,
      ),
    [],
  );

  const myAccount = <Link to={href('myAccount')}>{t('console.shell.myAccountLink')}</Link>;
  const me = state.kind === 'in' ? state.me : undefined;
  return (
    <ConsoleShell
      me={me}
      section={section}
      stepUpEndsAt={me && lastCallAt !== undefined ? lastCallAt + me.idleMinutes * 60_000 : undefined}
    >
      <div className="console">
        {state.kind === 'loading' && <p aria-busy="true">{t('forms.processing')}</p>}
        {state.kind === 'failed' && <p role="alert">{t('ServerError')}</p>}
        {state.kind === 'signedOut' && (
          <p>
            {t('console.shell.signedOut')} {myAccount}
          </p>
        )}
        {state.kind === 'forbidden' && <p role="alert">{t('console.shell.forbidden')}</p>}
        {state.kind === 'in' && (
          <>
            {state.me.factors.length === 0 ? (
              <p role="alert">
                {t('console.shell.needsFactor')} {myAccount}
              </p>
            ) : state.me.steppedUp ? (
              <StepUpExpired.Provider value={expired}>
                <ConsoleActivity.Provider value={active}>
                  <SectionOf section={section} me={state.me} />
                </ConsoleActivity.Provider>
              </StepUpExpired.Provider>
            ) : (
              <StepUpForm factors={state.me.factors} onSteppedUp={reload} />
            )}
          </>
        )}
      </div>
    </ConsoleShell>
  );
};

export default ConsolePage;
