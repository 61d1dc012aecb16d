import type { ConsoleNewsPostAnswer, Language, NewsPostInput } from '@gatekeeper/contract/lite';
import { LANGUAGES, NEWS_SLUG_MAX, NEWS_TITLE_MAX, isLanguage } from '@gatekeeper/contract';
import { useState } from 'react';
import { type FieldErrors, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { useDialog } from '../../components/dialog';
import { FormField } from '../../components/form/form-field';
import { useSubmitGuard } from '../../components/form/use-submit-guard';
import { TabPanels } from '../../components/tab-panels';
import { failureKeys, useConsoleCall } from '../console/console-call';
import { NATIVE_LANGUAGE_NAMES } from '../../shared/language-names';
import '../../components/form/form.css';

/** What the form's inputs hold: the publish date as the browser's local date and time. */
export interface NewsValues {
  slug: string;
  state: 'draft' | 'published';
  publishAt: string;
  pinned: boolean;
  texts: Record<Language, { title: string; body: string }>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as a datetime-local input holds it, in the browser's time zone. */
const localInput = (at: number) => {
  const date = new Date(at);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

const valuesOf = (post: ConsoleNewsPostAnswer | undefined): NewsValues => ({
  slug: post?.slug ?? '',
  state: post?.state ?? 'draft',
  publishAt: localInput(post?.publishAt ?? Date.now()),
  pinned: post?.pinned ?? false,
  texts: Object.fromEntries(
    LANGUAGES.map((language) => [language, { ...(post?.texts[language] ?? { title: '', body: '' }) }]),
  ) as NewsValues['texts'],
});

/** The inputs as the contract's post: the local date read as milliseconds (an empty one is not a date). */
const inputOf = (values: NewsValues) => ({
  ...values,
  publishAt: values.publishAt ? new Date(values.publishAt).getTime() : Number.NaN,
});

/** The contract's own rule (newsPostInput), loaded with the form's first check. */
const resolver: Resolver<NewsValues, unknown, NewsPostInput> = async (values, context, options) => {
  const [{ zodResolver }, { newsPostInput }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('../console/console-models'),
  ]);
  const result = await zodResolver(newsPostInput)(inputOf(values), context, options as never);
  return result;
};

/** The paths of the fields with an error, in the form's order. */
const errorPaths = (errors: FieldErrors<NewsValues>): Path<NewsValues>[] => {
  const paths: Path<NewsValues>[] = [];
  if (errors.slug) paths.push('slug');
  if (errors.state) paths.push('state');
  if (errors.publishAt) paths.push('publishAt');
  for (const language of LANGUAGES) {
    if (errors.texts?.[language]?.title) paths.push(`texts.${language}.title`);
    if (errors.texts?.[language]?.body) paths.push(`texts.${language}.body`);
  }
  return paths;
};

type Preview = { language: Language; html: string } | { language: Language; errors: string[] };

/**
 * A post's form (docs/product.md#console-news): address name, state, publish date, pin, and a
 * title and Markdown text per language in language tabs; English is required, another language
 * left empty shows the English text. The preview is the server's rendering, already sanitized:
 * the browser never turns Markdown into HTML itself.
 */
export const NewsForm = ({
  post,
  onSaved,
  onClose,
}: {
  post?: ConsoleNewsPostAnswer;
  onSaved: (slug: string) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const showDialog = useDialog();
  const consoleCall = useConsoleCall();
  const { busy, start, finish } = useSubmitGuard();
  const [language, setLanguage] = useState<Language>('en');
  const [preview, setPreview] = useState<Preview | undefined>();
  const [previewing, setPreviewing] = useState(false);
  const form = useForm<NewsValues, unknown, NewsPostInput>({
    resolver,
    defaultValues: valuesOf(post),
    mode: 'onTouched',
  });

  const onValid = async (input: NewsPostInput) => {
    if (!start()) return;
    try {
      await consoleCall(() =>
        callApi('saveConsoleNews', { body: post ? { id: post.id, post: input } : { post: input } }),
      );
      onSaved(input.slug);
    } catch (error) {
      const keys = failureKeys(error);
      if (keys.includes('consoleNewsSlugTaken') || keys.includes('consoleNewsSlugInvalid')) {
        form.setValue('slug', form.getValues('slug'), { shouldTouch: true });
        form.setError('slug', { type: 'server', message: keys.find((key) => key.startsWith('consoleNewsSlug')) });
      }
      showDialog({
        tone: 'error',
        title: t('console.news.saveFailed'),
        message: keys.map((key) => t(key)),
        afterClose: () => form.setFocus('slug'),
      });
    } finally {
      finish();
    }
  };

  const onInvalid = (errors: FieldErrors<NewsValues>) => {
    const paths = errorPaths(errors);
    for (const path of paths) form.setValue(path, form.getValues(path), { shouldTouch: true });
    const first = paths[0];
    const inLanguage = first?.startsWith('texts.') ? first.split('.')[1] : undefined;
    if (isLanguage(inLanguage)) setLanguage(inLanguage);
    const messages = [
      ...new Set(
        paths.map((path) => {
          const [head, lang, key] = path.split('.') as [
            keyof NewsValues,
            Language | undefined,
            'title' | 'body' | undefined,
          ];
          const error = head === 'texts' && lang && key ? errors.texts?.[lang]?.[key] : errors[head];
          return t(error?.message ?? 'formInvalid');
        }),
      ),
    ];
    showDialog({
      tone: 'error',
      title: t('console.news.saveFailed'),
      message: messages.length > 0 ? messages : [t('formInvalid')],
      afterClose: () => first && form.setFocus(first),
    });
  };

  const showPreview = () => {
    const shown = language;
    const body = form.getValues(`texts.${shown}.body`);
    setPreviewing(true);
    consoleCall(() => callApi('previewConsoleNews', { body: { body } }))
      .then(
        (answer) => setPreview({ language: shown, html: answer.html }),
        (error: unknown) => setPreview({ language: shown, errors: failureKeys(error) }),
      )
      .finally(() => setPreviewing(false));
  };

  const panels = LANGUAGES.map((code) => ({
    id: code,
    label: NATIVE_LANGUAGE_NAMES[code],
    render: () => (
      <div className="console__news-language" lang={code === 'gr' ? 'el' : code === 'br' ? 'pt-BR' : code}>
        <FormField
          form={form}
          spec={{
            name: `texts.${code}.title`,
            label: 'console.news.title',
            autoComplete: 'off',
            maxLength: NEWS_TITLE_MAX,
          }}
        />
        <FormField
          form={form}
          spec={{
            name: `texts.${code}.body`,
            label: 'console.news.body',
            type: 'textarea',
            rows: 12,
            hint: 'console.news.bodyHint',
          }}
        />
        <button type="button" className="button" onClick={showPreview} disabled={previewing} aria-busy={previewing}>
          {t('console.news.preview')}
        </button>
        {preview?.language === code &&
          ('errors' in preview ? (
            <p role="alert">{preview.errors.map((key) => t(key)).join(' ')}</p>
          ) : (
            <section
              className="console__preview"
              aria-label={t('console.news.previewOf', { language: NATIVE_LANGUAGE_NAMES[code] })}
            >
              {preview.html ? (
                // Rendered by marked and sanitized by sanitize-html on the server (features/news/news-render.ts).
                <div className="news-post__body" dangerouslySetInnerHTML={{ __html: preview.html }} />
              ) : (
                <p>{t('console.news.previewEmpty')}</p>
              )}
            </section>
          ))}
      </div>
    ),
  }));

  return (
    <section className="console__news-form" aria-labelledby="console-news-form">
      <h3 id="console-news-form">
        {post ? t('console.news.formEdit', { slug: post.slug }) : t('console.news.formNew')}
      </h3>
      <form
        className="site-form"
        method="post"
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
      >
        <FormField
          form={form}
          spec={{
            name: 'slug',
            label: 'console.news.slug',
            autoComplete: 'off',
            maxLength: NEWS_SLUG_MAX,
            hint: 'console.news.slugHint',
          }}
        />
        <FormField
          form={form}
          spec={{
            name: 'state',
            label: 'console.news.state',
            type: 'radio',
            options: [
              { value: 'draft', label: 'console.news.draft' },
              { value: 'published', label: 'console.news.published' },
            ],
          }}
        />
        <FormField
          form={form}
          spec={{
            name: 'publishAt',
            label: 'console.news.publishAt',
            type: 'datetime-local',
            hint: 'console.news.publishAtHint',
          }}
        />
        <label className="form-field__choice console__pin">
          <input type="checkbox" {...form.register('pinned')} />
          {t('console.news.pin')}
        </label>
        <p className="form-field__hint">{t('console.news.fallback')}</p>
        <TabPanels
          label={t('console.news.languagesLabel')}
          panels={panels}
          selected={language}
          onSelect={(id) => isLanguage(id) && setLanguage(id)}
        />
        <div className="console__actions">
          <button type="submit" className="button button--primary" aria-busy={busy} disabled={busy}>
            {busy ? t('forms.processing') : t('console.news.save')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('console.news.close')}
          </button>
        </div>
      </form>
    </section>
  );
};
