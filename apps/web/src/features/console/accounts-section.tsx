import type { ConsoleAccountView } from '@gatekeeper/contract/lite';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { formatDate } from '../../shared/formats';
import { failureKeys, useConsoleCall } from './console-call';
import { ConsoleTable } from './console-table';
import { useDonationColumns } from './donations-section';

/** One account found: its facts, then its characters, rewards, donations and sign-ins. Read only. */
const AccountView = ({ account }: { account: ConsoleAccountView }) => {
  const { t, i18n } = useTranslation();
  const date = (at: number | null) => (at === null ? '-' : formatDate(at, i18n.language));
  const donationColumns = useDonationColumns(undefined, () => undefined);
  const ban = account.ban.banned
    ? account.ban.until === null
      ? t('consoleOwner.accounts.bannedForGood')
      : t('consoleOwner.accounts.bannedUntil', { until: date(account.ban.until) })
    : t('consoleOwner.accounts.notBanned');
  const facts: [string, string][] = [
    [t('consoleOwner.accounts.foundBy'), t(`consoleOwner.accounts.by.${account.foundBy}`)],
    [t('consoleOwner.accounts.email'), account.email ?? '-'],
    [t('consoleOwner.accounts.accessLevel'), String(account.accessLevel)],
    [t('consoleOwner.accounts.created'), date(account.createdAt)],
    [t('consoleOwner.accounts.state'), ban],
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
      <ConsoleTable
        caption={caption('consoleOwner.accounts.characters')}
        rowKey={(row) => row.name}
        rows={account.characters}
        columns={[
          { id: 'name', label: t('consoleOwner.donations.character'), render: (row) => row.name },
          { id: 'level', label: t('consoleOwner.accounts.level'), render: (row) => row.level },
          { id: 'clan', label: t('consoleOwner.accounts.clan'), render: (row) => row.clan || '-' },
          {
            id: 'online',
            label: t('consoleOwner.accounts.online'),
            render: (row) => (row.online ? t('consoleOwner.accounts.inGame') : date(row.lastSeen)),
          },
        ]}
      />
      <ConsoleTable
        caption={caption('consoleOwner.accounts.rewards')}
        rowKey={(row) => `${row.createdAt}:${row.character}:${row.itemId}:${row.state}`}
        rows={account.rewards}
        columns={[
          { id: 'at', label: t('console.rewards.created'), render: (row) => date(row.createdAt) },
          { id: 'kind', label: t('console.rewards.kind'), render: (row) => row.source },
          { id: 'character', label: t('consoleOwner.donations.character'), render: (row) => row.character },
          { id: 'item', label: t('console.rewards.item'), render: (row) => `${row.itemId} × ${row.count}` },
          { id: 'state', label: t('console.rewards.state'), render: (row) => row.state },
        ]}
      />
      <ConsoleTable
        caption={caption('consoleOwner.tabs.donations')}
        rowKey={(row) => `${row.via}:${row.donationId}:${row.txnId}:${row.at}`}
        rows={account.donations}
        columns={donationColumns}
      />
      <ConsoleTable
        caption={caption('consoleOwner.accounts.signIns')}
        rowKey={(row) => `${row.at}:${row.address}:${row.outcome}`}
        rows={account.signIns}
        columns={[
          { id: 'at', label: t('console.audit.at'), render: (row) => date(row.at) },
          { id: 'address', label: t('console.audit.address'), render: (row) => row.address },
          { id: 'device', label: t('consoleOwner.accounts.device'), render: (row) => row.device },
          { id: 'outcome', label: t('consoleOwner.accounts.outcome'), render: (row) => row.outcome },
        ]}
      />
    </section>
  );
};

/** The look-up by login, e-mail or character name; each look-up is in the audit log. */
export const AccountsSection = () => {
  const { t } = useTranslation();
  const consoleCall = useConsoleCall();
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<ConsoleAccountView[] | undefined>();
  const [errors, setErrors] = useState<string[]>([]);
  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    consoleCall(() => callApi('getConsoleAccount', { query: { q: q.trim() } }))
      .then((answer) => setFound(answer.accounts))
      .catch((error: unknown) => {
        setFound(undefined);
        setErrors(failureKeys(error));
      })
      .finally(() => setBusy(false));
  };
  return (
    <>
      <form role="search" className="console__filters" onSubmit={lookUp}>
        <label>
          {t('consoleOwner.accounts.search')}
          <input type="search" value={q} maxLength={100} onChange={(event) => setQ(event.target.value)} />
        </label>
        <button type="submit" className="button" disabled={busy}>
          {t('consoleOwner.accounts.lookUp')}
        </button>
      </form>
      {errors.length > 0 && <p role="alert">{errors.map((key) => t(key)).join(' ')}</p>}
      {found?.length === 0 && <p role="status">{t('consoleOwner.accounts.none')}</p>}
      {found?.map((account) => (
        <AccountView key={account.login} account={account} />
      ))}
    </>
  );
};
