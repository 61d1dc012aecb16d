import { isErrorCode } from '@gatekeeper/contract/lite';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../shared/navigation';
import { CallError, callApi } from '../../api/client';
import { useSiteData } from '../../shared/site-data';
import { Page, PageLoading } from '../../components/page';
import { type LoginReturn, readLoginReturn, withRealmState } from './login-fragment';
import { type RealmChoice, RealmSelect, useRealmChoice } from '../../components/realm-select';
import './stream-registration.css';

type Registration =
  { state: 'idle' } | { state: 'sending' } | { state: 'done'; code: string } | { state: 'failed'; error: string };

const errorKeyOf = (error: unknown): string => {
  const body = error instanceof CallError ? error.body : undefined;
  const first: unknown = Array.isArray(body) ? body[0] : undefined;
  return isErrorCode(first) ? first : 'ServerError';
};

/** Sends the token once (the ref survives React's development double effect), keeps the answer. */
const useRegistration = (login: LoginReturn): Registration => {
  const [registration, setRegistration] = useState<Registration>(() =>
    login.kind === 'token' ? { state: 'sending' } : { state: 'idle' },
  );
  const sent = useRef(false);
  useEffect(() => {
    if (login.kind !== 'token' || sent.current) return;
    sent.current = true;
    // The realm chosen before the dialog came back as its state (decision 049).
    const realm = login.realm === undefined ? {} : { realm: login.realm };
    callApi('addFacebookToken', { body: { accessToken: login.accessToken, ...realm } }).then(
      ({ code }) => setRegistration({ state: 'done', code }),
      (error: unknown) => setRegistration({ state: 'failed', error: errorKeyOf(error) }),
    );
  }, [login]);
  return registration;
};

/**
 * Facebook's dialog, for the game server chosen first on a site of several realms: the code it
 * leads to is for that realm's Rewards Manager (decision 049).
 */
const AuthorizeButton = ({
  loginUrl,
  label,
  realm,
}: {
  loginUrl: string | undefined;
  label: string;
  realm: RealmChoice;
}) => {
  const { t } = useTranslation();
  if (loginUrl === undefined) return <PageLoading />;
  if (!loginUrl) return <p className="page-notice">{t('fb.notConfigured')}</p>;
  return (
    <>
      <RealmSelect choice={realm} className="form-field stream-registration__realm" hint={t('fb.realmHint')} />
      <a
        className="button button--primary stream-registration__authorize"
        href={withRealmState(loginUrl, realm.field.realm)}
      >
        {label}
      </a>
    </>
  );
};

const CodeIssued = ({ code }: { code: string }) => {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="stream-registration__result" aria-labelledby={headingId} role="status">
      <h3 id={headingId}>{t('fb.successTitle')}</h3>
      <p>{t('fb.successText')}</p>
      <p className="stream-registration__code-line">
        <span className="visually-hidden">{t('fb.codeLabel')} </span>
        <strong className="stream-registration__code" lang="en">
          {code}
        </strong>
      </p>
      <p className="stream-registration__hint">{t('fb.codeHint')}</p>
    </section>
  );
};

const Explanation = () => {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('fb.howTitle')}</h3>
      <p>{t('fb.intro')}</p>
      <ol className="stream-registration__steps">
        <li>{t('fb.step1')}</li>
        <li>{t('fb.step2')}</li>
        <li>{t('fb.step3')}</li>
        <li>{t('fb.step4')}</li>
      </ol>
    </section>
  );
};

const PolicySections = () => {
  const { t } = useTranslation();
  const privacyId = useId();
  const deletionId = useId();
  return (
    <div className="stream-registration__policies">
      <section aria-labelledby={privacyId}>
        <h3 id={privacyId}>{t('fb.privacyTitle')}</h3>
        <p>{t('fb.privacyCollected')}</p>
        <p>{t('fb.privacyUse')}</p>
        <p>{t('fb.privacyWhen')}</p>
      </section>
      <section aria-labelledby={deletionId}>
        <h3 id={deletionId}>{t('fb.deletionTitle')}</h3>
        <p>{t('fb.deletionAutomatic')}</p>
        <p>
          <Trans i18nKey="fb.deletionUnregister" components={{ strong: <strong /> }} />
        </p>
        <p>{t('fb.deletionFacebook')}</p>
      </section>
    </div>
  );
};

/**
 * Stream registration (docs/product.md#stream-registration). Facebook's login dialog comes back here with the token in
 * the fragment: it is sent to addfacebooktoken once and removed from the address bar at once, and
 * the code for the Rewards Manager NPC is shown. Without a token: the explanation and the
 * Authorize with Facebook button. The privacy policy and data deletion sections always show.
 */
const StreamRegistrationPage = () => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  const location = useLocation();
  const navigate = useNavigate();
  const [login] = useState(() =>
    typeof window === 'undefined'
      ? readLoginReturn('', '')
      : readLoginReturn(window.location.hash, window.location.search),
  );
  const registration = useRegistration(login);
  const realm = useRealmChoice();

  useEffect(() => {
    // The token must not stay in the address bar, the history or a bookmark.
    if (login.kind !== 'none') void navigate({ pathname: location.pathname }, { replace: true });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const loginUrl = metadata === undefined ? undefined : (metadata?.facebookLoginUrl ?? '');

  return (
    <Page title={t('pages.fb')} className="stream-registration">
      {registration.state === 'sending' && <PageLoading text={t('fb.sending')} />}
      {registration.state === 'done' && <CodeIssued code={registration.code} />}
      {registration.state === 'failed' && (
        <div className="stream-registration__failure" role="alert">
          <p>{t(registration.error)}</p>
          <AuthorizeButton loginUrl={loginUrl} label={t('fb.tryAgain')} realm={realm} />
        </div>
      )}
      {login.kind === 'denied' && registration.state === 'idle' && (
        <p className="stream-registration__failure" role="alert">
          {t('fb.denied')}
        </p>
      )}
      {registration.state === 'idle' && (
        <>
          <Explanation />
          <AuthorizeButton loginUrl={loginUrl} label={t('fb.authorize')} realm={realm} />
        </>
      )}
      <PolicySections />
    </Page>
  );
};

export default StreamRegistrationPage;
