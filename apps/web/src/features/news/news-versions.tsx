import { LANGUAGES, type ConsoleNewsVersion } from '@gatekeeper/contract/lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { useFormats } from '../../shared/formats';
import { NATIVE_LANGUAGE_NAMES } from '../../shared/language-names';
import { failureKeys, useConsoleCall } from '../console/console-call';

/**
 * A post's earlier versions (docs/owner/console.md#news): each edit kept the text it replaced, the
 * latest first, with who replaced it and when, and its title and Markdown per language as written.
 * Read only: a version is restored by copying its text into the form.
 */
export const NewsVersions = ({ postId, slug, onClose }: { postId: number; slug: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const formats = useFormats();
  const consoleCall = useConsoleCall();
  const [versions, setVersions] = useState<ConsoleNewsVersion[] | undefined>();
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    let current = true;
    consoleCall(() => callApi('getConsoleNewsVersions', { query: { id: postId } }))
      .then((answer) => {
        if (!current) return;
        // An answer of error codes (strings) rather than versions: a refusal.
        if (typeof answer[0] === 'string') setErrors(failureKeys(answer));
        else setVersions(answer as ConsoleNewsVersion[]);
      })
      .catch((error: unknown) => current && setErrors(failureKeys(error)));
    return () => {
      current = false;
    };
  }, [consoleCall, postId]);

  return (
    <section className="console__news-versions" aria-labelledby="console-news-versions">
      <h3 id="console-news-versions">{t('console.news.versionsOf', { slug })}</h3>
      <button type="button" className="button" onClick={onClose}>
        {t('console.news.versionsClose')}
      </button>
      {errors.length > 0 && <p role="alert">{errors.map((key) => t(key)).join(' ')}</p>}
      {versions === undefined ? (
        errors.length === 0 && <p aria-busy="true">{t('forms.processing')}</p>
      ) : versions.length === 0 ? (
        <p>{t('console.news.versionsNone')}</p>
      ) : (
        <ol className="console__versions">
          {versions.map((version) => (
            <li key={version.id}>
              <details>
                <summary>
                  {t(version.change === 'delete' ? 'console.news.versionDeleted' : 'console.news.versionReplaced', {
                    date: formats.dateTime(version.replacedAt),
                    login: version.replacedBy,
                  })}
                </summary>
                <p>
                  {t('console.news.versionSaved', { date: formats.dateTime(version.savedAt) })} {version.slug} ·{' '}
                  {t(`console.news.states.${version.state}`)} · {formats.dateTime(version.publishAt)}
                  {version.pinned ? ' · 📌' : ''}
                </p>
                {LANGUAGES.filter((language) => version.texts[language]).map((language) => (
                  <article key={language} lang={language}>
                    <h4>
                      {NATIVE_LANGUAGE_NAMES[language]}: {version.texts[language]?.title}
                    </h4>
                    <pre className="console__version-body">{version.texts[language]?.body}</pre>
                  </article>
                ))}
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};
