import type { SessionRow, SignInRow } from '@gatekeeper/contract/lite';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, errorCodesOf } from '../../api/client';
import { useDialog } from '../../components/dialog';
import { SiteForm } from '../../components/form/site-form';
import { AuthenticatorBadge, AuthenticatorSection } from './authenticator-section';
import { ChangeEmailSection } from './change-email-section';
import { ConfirmIdentitySection, ProvedUntil, useFreshProof } from './fresh-proof';
import { useFormats } from './formats';
import { MY_ACCOUNT_FORMS } from './my-account-forms';
import { PasskeysBadge, PasskeysSection } from './passkeys-section';
import { StateBadge } from './state-badge';

/** A security section; more join by adding one to the tab's list (docs/product.md#my-account). */
export interface SecuritySection {
  id: string;
  title: string;
  /** The section's state in words beside its title (StateBadge), when it has one. */
  badge?: ReactNode;
  render: () => ReactNode;
}

const useRefusalDialog = () => {
  const { t } = useTranslation();
  const showDialog = useDialog();
  return (error: unknown) => {
    const codes = errorCodesOf(error);
    showDialog({
      tone: 'error',
      title: t('myAccount.security.failed'),
      message: codes.length > 0 ? codes.map((code) => t(code)) : [t('ServerError')],
    });
  };
};

/** The account's sessions: each can be ended, or all but this one at once; the count goes to the badge. */
const SessionsSection = ({
  onEndedCurrent,
  onCount,
}: {
  onEndedCurrent: () => void;
  onCount: (count: number) => void;
}) => {
  const formats = useFormats();
  const { t } = useTranslation();
  const refused = useRefusalDialog();
  const [rows, setRows] = useState<SessionRow[]>();
  const load = useCallback(() => {
    callApi('getSessions').then((read) => {
      setRows(read);
      onCount(read.length);
    }, refused);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dialog function is new on every render
  }, []);
  useEffect(load, [load]);
  const end = async (row: SessionRow) => {
    try {
      await callApi('endSession', { body: { id: row.id } });
      if (row.current) onEndedCurrent();
      else load();
    } catch (error) {
      refused(error);
    }
  };
  const endOthers = async () => {
    try {
      await callApi('endOtherSessions', { body: {} });
      load();
    } catch (error) {
      refused(error);
    }
  };
  if (!rows) return <p aria-busy="true">{t('forms.processing')}</p>;
  return (
    <>
      <ul className="my-account__rows">
        {rows.map((row) => (
          <li key={row.id} className="my-account__row">
            <span>
              <strong>{row.device}</strong> · {row.address}
              {row.current && <> · {t('myAccount.security.thisSession')}</>}
            </span>
            <span className="my-account__muted">
              {t('myAccount.security.seen', {
                first: formats.dateTime(row.firstSeen),
                last: formats.dateTime(row.lastSeen),
              })}
            </span>
            <button type="button" className="button" onClick={() => void end(row)}>
              {t('myAccount.security.end')}
            </button>
          </li>
        ))}
      </ul>
      {rows.length > 1 && (
        <button type="button" className="button" onClick={() => void endOthers()}>
          {t('myAccount.security.endOthers')}
        </button>
      )}
    </>
  );
};

/** The sign-ins of 90 days: when, where from, which device, and how it went. */
const HistorySection = () => {
  const formats = useFormats();
  const { t } = useTranslation();
  const refused = useRefusalDialog();
  const [rows, setRows] = useState<SignInRow[]>();
  useEffect(() => {
    callApi('getSignIns').then(setRows, refused);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once
  }, []);
  if (!rows) return <p aria-busy="true">{t('forms.processing')}</p>;
  if (rows.length === 0) return <p>{t('myAccount.overview.none')}</p>;
  return (
    <div className="my-account__table-wrap">
      <table className="my-account__table">
        <thead>
          <tr>
            <th scope="col">{t('myAccount.security.when')}</th>
            <th scope="col">{t('myAccount.security.address')}</th>
            <th scope="col">{t('myAccount.security.device')}</th>
            <th scope="col">{t('myAccount.security.outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.at}-${row.address}-${row.outcome}`}>
              <td>{formats.dateTime(row.at)}</td>
              <td>{row.address}</td>
              <td>{row.device}</td>
              <td>{t(`myAccount.security.outcomes.${row.outcome}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

const ChangePasswordSection = () => (
  <SiteForm
    config={{
      call: 'changeOwnPassword',
      form: MY_ACCOUNT_FORMS.changePassword,
      captcha: false,
      checklistFor: 'newPassword',
      submitLabel: 'forms.submit.changePassword',
      success: { title: 'passChanged', message: 'myAccount.security.passwordChanged' },
      failureTitle: 'passChangeFailed',
    }}
  />
);

export const SecurityTab = ({
  secondFactor,
  provedUntil,
  onChanged,
  onSignedOut,
}: {
  secondFactor: boolean;
  provedUntil: number | null;
  onChanged: () => void;
  onSignedOut: () => void;
}) => {
  const { t } = useTranslation();
  const fresh = useFreshProof(provedUntil);
  // The badges know at once what the sections did: the account is read again after a change,
  // but a switch the section saw answered is already the truth.
  const [switched, setSwitched] = useState<boolean>();
  const [passkeyCount, setPasskeyCount] = useState<number>();
  const [sessionCount, setSessionCount] = useState<number>();
  const authenticatorOn = switched ?? secondFactor;
  // What protects the account shows its forms only minutes after the password was typed; until
  // then one form asks for it (docs/owner/accounts.md#a-stolen-session).
  const protections: SecuritySection[] = fresh
    ? [
        {
          id: 'authenticator',
          title: t('myAccount.authenticator.title'),
          badge: <AuthenticatorBadge on={authenticatorOn} />,
          render: () => (
            <>
              {provedUntil !== null && <ProvedUntil until={provedUntil} />}
              <AuthenticatorSection
                on={authenticatorOn}
                onChanged={(on) => {
                  setSwitched(on);
                  onChanged();
                }}
              />
            </>
          ),
        },
        {
          id: 'passkeys',
          title: t('myAccount.passkeys.title'),
          badge: passkeyCount === undefined ? undefined : <PasskeysBadge count={passkeyCount} />,
          render: () => <PasskeysSection onCount={setPasskeyCount} />,
        },
        { id: 'email', title: t('myAccount.email.title'), render: () => <ChangeEmailSection /> },
      ]
    : [
        {
          id: 'confirm',
          title: `${t('myAccount.authenticator.title')} · ${t('myAccount.passkeys.title')} · ${t('myAccount.email.title')}`,
          render: () => <ConfirmIdentitySection onConfirmed={onChanged} />,
        },
      ];
  const sections: SecuritySection[] = [
    {
      id: 'sessions',
      title: t('myAccount.security.sessions'),
      badge:
        sessionCount === undefined ? undefined : (
          <StateBadge tone="count">{t('myAccount.security.sessionCount', { count: sessionCount })}</StateBadge>
        ),
      render: () => <SessionsSection onEndedCurrent={onSignedOut} onCount={setSessionCount} />,
    },
    { id: 'history', title: t('myAccount.security.history'), render: () => <HistorySection /> },
    ...protections,
    { id: 'password', title: t('account.tabs.changePassword'), render: () => <ChangePasswordSection /> },
  ];
  return (
    <div className="my-account__sections">
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`security-${section.id}`} className="my-account__section">
          <div className="my-account__section-head">
            <h3 id={`security-${section.id}`}>{section.title}</h3>
            {section.badge}
          </div>
          {section.render()}
        </section>
      ))}
    </div>
  );
};
