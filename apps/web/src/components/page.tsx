import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** A routed page: its heading, and the document title kept in step with it. */
export const Page = ({ title, children, className }: { title: string; children?: ReactNode; className?: string }) => {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('site.name')}`;
  }, [title, t]);
  return (
    <article className={`page-content ${className ?? ''}`}>
      <h2 className="page-title">{title}</h2>
      {children}
    </article>
  );
};

/** What a page not yet opened on this server says: honest, translated, and with a way on. */
export const NotYetOpen = () => {
  const { t } = useTranslation();
  return <p className="page-notice">{t('common.notYetOpen')}</p>;
};
