import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { takeRouteChange } from '../shared/route-change';

/**
 * After an in-site link the new page shows itself: its heading scrolls to the top of the window
 * and takes the focus, where a screen reader starts reading. Not on the first load (the visitor
 * sees the header), and not after the browser's back and forward (the shell restores the scroll).
 */
const useShowOnArrival = () => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!takeRouteChange('push')) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return heading;
};

/** The line a page or a part of one shows while it loads; a screen reader hears it once. */
export const PageLoading = ({ text }: { text?: string }) => {
  const { t } = useTranslation();
  return (
    <p className="page-loading" role="status">
      {text ?? t('common.loading')}
    </p>
  );
};

/** A routed page: its heading, and the document title kept in step with it. */
export const Page = ({
  title,
  children,
  className,
  titleLang,
}: {
  title: string;
  children?: ReactNode;
  className?: string;
  /** The heading's language where it is not the page's (a news post shown in English). */
  titleLang?: string;
}) => {
  const { t } = useTranslation();
  const heading = useShowOnArrival();
  useEffect(() => {
    document.title = `${title} · ${t('site.name')}`;
  }, [title, t]);
  return (
    <article className={`page-content ${className ?? ''}`}>
      <h2 className="page-title" ref={heading} tabIndex={-1} lang={titleLang}>
        {title}
      </h2>
      {/* A part that loads more (the game's names in another language) waits under the heading:
          suspended above it, the heading would be hidden and lose the focus it was given. */}
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </article>
  );
};
