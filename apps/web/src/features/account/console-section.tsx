import type {
  ConsoleAccountActionAnswer,
  ConsoleAccountView,
  ConsoleDonationRow,
  ConsoleRole,
} from '@gatekeeper/contract/lite';
import { CONSOLE_SEARCH_MAX } from '@gatekeeper/contract';
import { type ComponentType, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { SiteForm } from '../../components/form/site-form';
import { useFormats } from '../../shared/formats';
import { useItemNames } from '../../shared/item-names';
import { failureKeys, modelOf, useConsoleCall } from '../console/console-call';
import { CONSOLE_FORMS } from '../console/console-forms';
import { ConsoleTable } from '../console/console-table';
import { ActionErrors, NoteAction, useConsoleAction } from '../console/note-action';
import './console-section.css';

/**
 * An owner's actions on one account (docs/owner/console.md#accounts), each with a reason for the
 * audit log: unban (a banned one) or ban (the one form: reason and how long), end its site
 * sessions, mail it a password-reset link, switch its authenticator off (the note says how the
 * owner made sure it is the player). The server refuses staff and oneself.
 */
const AccountActions = ({ account, onDone }: { account: ConsoleAccountView; onDone: (message: string) => void }) => {
  const formats = useFormats();
  const { t } = useTranslation();
  const { login } = account;
  const outcome = (answer: ConsoleAccountActionAnswer) => {
    const ban =
      answer.accessLevelAfter >= 0
        ? ''
        : answer.bannedUntil === null
          ? t('console.accounts.bannedForGood')
          : t('console.accounts.bannedUntil', { until: formats.dateTime(answer.bannedUntil) });
    return [
      t('console.accounts.done', {
        login: answer.login,
        before: answer.accessLevelBefore,
        after: answer.accessLevelAfter,
        sessions: answer.sessionsEnded,
      }),
      ban,
      answer.accessLevelAfter < 0 && answer.inGame ? t('console.accounts.stillInGame') : '',
    ]
      .filter(Boolean)
      .join(' ');
  };
  const action = useConsoleAction<ConsoleAccountActionAnswer>((answer) => onDone(outcome(answer)));
  const reset = useConsoleAction<ConsoleAccountActionAnswer>((answer) =>
    onDone(t('console.accounts.resetSent', { login: answer.login })),
  );
  const factor = useConsoleAction<ConsoleAccountActionAnswer>((answer) =>
    onDone(t('console.accounts.factorReset', { login: answer.login, sessions: answer.sessionsEnded })),
  );
  const busy = action.busy || reset.busy || factor.busy;
  const note = {
    noteLabel: t('console.accounts.reason'),
    confirmLabel: t('console.accounts.confirm'),
    busy,
  };
  return (
    <section className="console__account-actions" aria-labelledby={`console-actions-${login}`}>
      <h4 id={`console-actions-${login}`}>{`${t('console.accounts.actions')}: ${login}`}</h4>
      <div className="console__actions">
        {account.accessLevel < 0 && (
          <NoteAction
            {...note}
            label={t('console.accounts.unban')}
            accessibleName={t('console.accounts.unbanOne', { login })}
            onConfirm={(reason) => action.run(() => callApi('unbanConsoleAccount', { body: { login, reason } }))}
          />
        )}
        <NoteAction
          {...note}
          label={t('console.accounts.endSessions')}
          accessibleName={t('console.accounts.endSessionsOne', { login })}
          onConfirm={(reason) => action.run(() => callApi('endConsoleAccountSessions', { body: { login, reason } }))}
        />
        <NoteAction
          {...note}
          label={t('console.accounts.sendReset')}
          accessibleName={t('console.accounts.sendResetOne', { login })}
          onConfirm={(reason) => reset.run(() => callApi('sendConsoleAccountReset', { body: { login, reason } }))}
        />
        {account.secondFactorOn && (
          <NoteAction
            {...note}
            noteLabel={t('console.accounts.identityCheck')}
            label={t('console.accounts.resetFactor')}
            accessibleName={t('console.accounts.resetFactorOne', { login })}
            onConfirm={(check) =>
              factor.run(() => callApi('resetConsoleAccountFactor', { body: { login, reason: check } }))
            }
          />
        )}
      </div>
      <ActionErrors errors={[...action.errors, ...reset.errors, ...factor.errors]} />
      {account.accessLevel >= 0 && (
        <SiteForm
          config={{
            call: 'banConsoleAccount',
            form: CONSOLE_FORMS.ban,
            captcha: false,
            submitLabel: 'console.accounts.ban',
            failureTitle: 'console.accounts.banFailed',
            // The form asks why and how long; the account is the one shown.
            prepare: (values) => Object.assign({}, values, { login }),
            onAnswer: (answer) => onDone(outcome(modelOf(answer))),
          }}
        />
      )}
    </section>
  );
};

/**
 * An account's donations as the ledger shows them, read-only. The donations feature draws it
 * (features/donate/console-section.tsx); the console page hands it over, so that this feature
 * never imports another.
 */
export type AccountDonationsTable = ComponentType<{ caption: string; rows: ConsoleDonationRow[] }>;

/** One account found: its facts, then its characters, rewards, donations and sign-ins; an owner's actions. */
const AccountView = ({
  account,
  role,
  onDone,
  DonationsTable,
}: {
  account: ConsoleAccountView;
  role: ConsoleRole;
  onDone: (message: string) => void;
  DonationsTable: AccountDonationsTable;
}) => {
  const formats = useFormats();
  const { t } = useTranslation();
  const itemName = useItemNames();
  const date = (at: number | null) => (at === null ? '-' : formats.dateTime(at));
  const ban = account.ban.banned
    ? account.ban.until === null
      ? t('console.accounts.bannedForGood')
      : t('console.accounts.bannedUntil', { until: date(account.ban.until) })
    : t('console.accounts.notBanned');
  const facts: [string, string][] = [
    [t('console.accounts.foundBy'), t(`console.accounts.by.${account.foundBy}`)],
    [t('console.accounts.email'), account.email ?? '-'],
    [t('console.accounts.accessLevel'), String(account.accessLevel)],
    [t('console.accounts.created'), date(account.createdAt)],
    [t('console.accounts.state'), ban],
    [
      t('console.accounts.secondFactor'),
      t(account.secondFactorOn ? 'console.accounts.factorOn' : 'console.accounts.factorOff'),
    ],
  ];
  const caption = (key: string) => `${t(key)}: ${account.login}`;
  return (
    <section className="console__account console__wide" aria-labelledby={`console-account-${account.login}`}>
      <h3 id={`console-account-${account.login}`}>{account.login}</h3>
      <dl className="console__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {role === 'owner' && <AccountActions account={account} onDone={onDone} />}
      <ConsoleTable
        caption={caption('console.accounts.characters')}
        rowKey={(row) => row.name}
        rows={account.characters}
        columns={[
          { id: 'name', label: t('console.donations.character'), render: (row) => row.name },
          { id: 'level', label: t('console.accounts.level'), render: (row) => row.level },
          { id: 'clan', label: t('console.accounts.clan'), render: (row) => row.clan || '-' },
          {
            id: 'online',
            label: t('console.accounts.online'),
            render: (row) => (row.online ? t('console.accounts.inGame') : date(row.lastSeen)),
          },
        ]}
      />
      <ConsoleTable
        caption={caption('console.accounts.rewards')}
        rowKey={(row) => `${row.createdAt}:${row.character}:${row.itemId}:${row.state}`}
        rows={account.rewards}
        columns={[
          { id: 'at', label: t('console.rewards.created'), render: (row) => date(row.createdAt) },
          { id: 'kind', label: t('console.rewards.kind'), render: (row) => row.source },
          { id: 'character', label: t('console.donations.character'), render: (row) => row.character },
          { id: 'item', label: t('console.rewards.item'), render: (row) => `${itemName(row.itemId)} × ${row.count}` },
          { id: 'state', label: t('console.rewards.state'), render: (row) => row.state },
        ]}
      />
      <DonationsTable caption={caption('console.shell.tabs.donations')} rows={account.donations} />
      <ConsoleTable
        caption={caption('console.accounts.signIns')}
        rowKey={(row) => `${row.at}:${row.address}:${row.outcome}`}
        rows={account.signIns}
        columns={[
          { id: 'at', label: t('console.audit.at'), render: (row) => date(row.at) },
          { id: 'address', label: t('console.audit.address'), render: (row) => row.address },
          { id: 'device', label: t('console.accounts.device'), render: (row) => row.device },
          { id: 'outcome', label: t('console.accounts.outcome'), render: (row) => row.outcome },
        ]}
      />
    </section>
  );
};

/**
 * The look-up by login, e-mail or character name; each look-up is in the audit log. An owner acts
 * on an account found, a gm only reads (the server refuses a gm's action too).
 */
export const AccountsSection = ({
  role,
  DonationsTable,
}: {
  role: ConsoleRole;
  DonationsTable: AccountDonationsTable;
}) => {
  const { t } = useTranslation();
  const consoleCall = useConsoleCall();
  const [q, setQ] = useState('');
  const [searched, setSearched] = useState('');
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<ConsoleAccountView[] | undefined>();
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const search = (text: string) => {
    setBusy(true);
    setErrors([]);
    setSearched(text);
    consoleCall(() => callApi('getConsoleAccount', { query: { q: text } }))
      .then((answer) => setFound(answer.accounts))
      .catch((error: unknown) => {
        setFound(undefined);
        setErrors(failureKeys(error));
      })
      .finally(() => setBusy(false));
  };
  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    search(q.trim());
  };
  // An action done: what it did, and the account read again.
  const done = (text: string) => {
    setMessage(text);
    search(searched);
  };
  return (
    <>
      <form role="search" className="console__filters" onSubmit={lookUp}>
        <label>
          {t('console.accounts.search')}
          <input
            type="search"
            value={q}
            maxLength={CONSOLE_SEARCH_MAX}
            onChange={(event) => setQ(event.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={busy}>
          {t('console.accounts.lookUp')}
        </button>
      </form>
      {errors.length > 0 && <p role="alert">{errors.map((key) => t(key)).join(' ')}</p>}
      {message && <p role="status">{message}</p>}
      {found?.length === 0 && <p role="status">{t('console.accounts.none')}</p>}
      {found?.map((account) => (
        <AccountView key={account.login} account={account} role={role} onDone={done} DonationsTable={DonationsTable} />
      ))}
    </>
  );
};
