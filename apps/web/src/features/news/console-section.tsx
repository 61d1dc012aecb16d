import type { ConsoleNewsPostAnswer, ConsoleNewsRow } from '@gatekeeper/contract/lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { useFormats } from '../../shared/formats';
import { failureKeys, useConsoleCall, useConsoleRead } from '../console/console-call';
import { ConsoleTable, ReadProgress } from '../console/console-table';
import { NATIVE_LANGUAGE_NAMES } from '../../shared/language-names';
import { NewsForm } from './news-form';
import { NewsVersions } from './news-versions';
import './console-section.css';

const readPosts = () => callApi('getConsoleNews');

type Editing = { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; post: ConsoleNewsPostAnswer };

/** The question before a post is deleted: a modal dialog, "keep it" focused first, Escape keeps it. */
const ConfirmDelete = ({
  row,
  busy,
  onConfirm,
  onCancel,
}: {
  row: ConsoleNewsRow;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog dialog--error"
      aria-labelledby="console-news-delete-title"
      aria-describedby="console-news-delete-text"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <div className="dialog__body">
        <h2 id="console-news-delete-title" className="dialog__title">
          {t('console.news.confirmTitle')}
        </h2>
        <p id="console-news-delete-text" className="dialog__message">
          {t('console.news.confirmText', { title: row.title, slug: row.slug })}
        </p>
        <div className="console__actions">
          <button type="button" className="button" onClick={onCancel} autoFocus>
            {t('console.news.keep')}
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
            {t('console.news.confirmDelete')}
          </button>
        </div>
      </div>
    </dialog>
  );
};

/**
 * The console's News section (docs/product.md#console-news): every post, newest first, with its
 * state (draft, scheduled, published), pin and languages; "New post" and each post's edit open the
 * form; "Earlier versions" shows the texts each edit replaced; delete asks first. Saving or deleting changes the home page, /news, the post's page and
 * the feeds at once (the server makes them again).
 */
export const NewsSection = () => {
  const formats = useFormats();
  const { t } = useTranslation();
  const consoleCall = useConsoleCall();
  const { state: list, reload } = useConsoleRead(readPosts);
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const [deleting, setDeleting] = useState<ConsoleNewsRow | undefined>();
  const [history, setHistory] = useState<ConsoleNewsRow | undefined>();
  const [busy, setBusy] = useState(false);

  const open = (row: ConsoleNewsRow) => {
    setErrors([]);
    setMessage('');
    setBusy(true);
    consoleCall(() => callApi('getConsoleNewsPost', { query: { id: row.id } }))
      .then((answer) => {
        if (Array.isArray(answer)) setErrors(failureKeys(answer));
        else setEditing({ kind: 'edit', post: answer });
      })
      .catch((error: unknown) => setErrors(failureKeys(error)))
      .finally(() => setBusy(false));
  };

  const remove = (row: ConsoleNewsRow) => {
    setBusy(true);
    setErrors([]);
    consoleCall(() => callApi('deleteConsoleNews', { body: { id: row.id } }))
      .then(() => {
        setMessage(t('console.news.deleted', { slug: row.slug }));
        if (editing.kind === 'edit' && editing.post.id === row.id) setEditing({ kind: 'closed' });
        if (history?.id === row.id) setHistory(undefined);
        reload();
      })
      .catch((error: unknown) => setErrors(failureKeys(error)))
      .finally(() => {
        setBusy(false);
        setDeleting(undefined);
      });
  };

  const stateOf = (row: ConsoleNewsRow) => (row.scheduled ? 'scheduled' : row.state);

  return (
    <div className="console__news">
      {message && <p role="status">{message}</p>}
      {errors.length > 0 && <p role="alert">{errors.map((key) => t(key)).join(' ')}</p>}
      {editing.kind === 'closed' ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setMessage('');
            setEditing({ kind: 'new' });
          }}
        >
          {t('console.news.newPost')}
        </button>
      ) : (
        <NewsForm
          key={editing.kind === 'edit' ? editing.post.id : 'new'}
          post={editing.kind === 'edit' ? editing.post : undefined}
          onClose={() => setEditing({ kind: 'closed' })}
          onSaved={(slug) => {
            setEditing({ kind: 'closed' });
            setMessage(t('console.news.saved', { slug }));
            reload();
          }}
        />
      )}
      {history && (
        <NewsVersions key={history.id} postId={history.id} slug={history.slug} onClose={() => setHistory(undefined)} />
      )}
      {list.kind !== 'ready' ? (
        <ReadProgress state={list} />
      ) : (
        <ConsoleTable
          caption={t('console.news.posts')}
          rowKey={(row) => row.id}
          rows={list.value}
          columns={[
            { id: 'title', label: t('console.news.title'), render: (row) => row.title },
            { id: 'slug', label: t('console.news.slug'), render: (row) => row.slug, keepWhole: true },
            { id: 'state', label: t('console.news.state'), render: (row) => t(`console.news.states.${stateOf(row)}`) },
            {
              id: 'publishAt',
              label: t('console.news.publishAt'),
              render: (row) => formats.dateTime(row.publishAt),
              oneLine: true,
            },
            {
              id: 'languages',
              label: t('console.news.languages'),
              render: (row) => row.languages.map((code) => NATIVE_LANGUAGE_NAMES[code]).join(', '),
            },
            { id: 'pinned', label: t('console.news.pinned'), render: (row) => (row.pinned ? '📌' : '') },
            {
              id: 'actions',
              label: t('console.rewards.actions'),
              render: (row) => (
                <div className="console__actions">
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    aria-label={t('console.news.editOne', { slug: row.slug })}
                    onClick={() => open(row)}
                  >
                    {t('console.news.edit')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    aria-label={t('console.news.versionsOne', { slug: row.slug })}
                    onClick={() => setHistory(row)}
                  >
                    {t('console.news.versions')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    aria-label={t('console.news.deleteOne', { slug: row.slug })}
                    onClick={() => setDeleting(row)}
                  >
                    {t('console.news.delete')}
                  </button>
                </div>
              ),
            },
          ]}
        />
      )}
      {deleting && (
        <ConfirmDelete
          row={deleting}
          busy={busy}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </div>
  );
};
