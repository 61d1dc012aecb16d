import { LANGUAGE_TAGS, getNewsPostHref } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { Link } from '../../shared/navigation';
import { useLanguage } from '../../shared/use-language';
import { NewsList, PostDate, textLang } from '../../components/news-list';
import { useNews } from '../../shared/use-news';

/** How many posts the home page shows: the first at the top, the next ones further down. */
const LATEST = 3;

/**
 * The first post (a pinned one, else the newest) at the top of home, under the page's heading,
 * where a phone shows it without scrolling (docs/product.md#home). Rendered into the server's HTML
 * with the page; while the news loads (a page the browser rendered alone) an empty card of the
 * same height holds its place, so nothing below moves; absent when there is no post.
 */
export const NewestPost = () => {
  const { t } = useTranslation();
  const { language, href } = useLanguage();
  const posts = useNews();
  if (posts === undefined) return <div className="home-newest home-newest--loading" aria-hidden="true" />;
  const post = posts[0];
  if (post === undefined) return null;
  return (
    <section className="home-newest" aria-labelledby="newest-heading">
      <h3 id="newest-heading" className="home-newest__label">
        {t('news.latest')}
      </h3>
      <article lang={textLang(post, language)} aria-labelledby={`newest-${post.slug}`}>
        <h4 id={`newest-${post.slug}`} className="home-newest__title">
          <Link to={getNewsPostHref(post.slug, language)} className="link-target">
            {post.title}
          </Link>
        </h4>
        <p className="home-newest__meta" lang={LANGUAGE_TAGS[language]}>
          <PostDate at={post.publishedAt} />
          {post.pinned && <span className="news-list__pinned">{t('news.pinned')}</span>}
          <Link to={href('news')} className="link-target home-newest__all">
            {t('news.all')}
          </Link>
        </p>
        <p className="home-newest__summary">{post.summary}</p>
      </article>
    </section>
  );
};

/** The posts after the first, further down home, with the link to every post; absent when there are none. */
export const MoreNews = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const posts = useNews();
  const more = posts?.slice(1, LATEST) ?? [];
  if (more.length === 0) return null;
  return (
    <section className="home__news" aria-labelledby="news-heading">
      <h3 id="news-heading" className="home__section-title">
        {t('news.more')}
      </h3>
      <NewsList posts={more} headingLevel="h4" />
      <p>
        <Link to={href('news')} className="link-target">
          {t('news.all')}
        </Link>
      </p>
    </section>
  );
};
