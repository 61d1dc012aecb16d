import { useTranslation } from 'react-i18next';
import { Link } from '../../shared/navigation';
import { useLanguage } from '../../shared/use-language';
import { NewsList } from '../../components/news-list';
import { useNews } from '../../shared/use-news';

/** How many posts the home page shows. */
const LATEST = 3;

/**
 * The home page's latest news, pinned first (docs/product.md#news). Rendered into the server's
 * HTML with the page, so nothing moves when the script starts; absent while there is no post.
 */
export const LatestNews = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const posts = useNews();
  if (!posts || posts.length === 0) return null;
  return (
    <section className="home__news" aria-labelledby="news-heading">
      <h3 id="news-heading" className="home__section-title">
        {t('news.latest')}
      </h3>
      <NewsList posts={posts.slice(0, LATEST)} headingLevel="h4" />
      <p>
        <Link to={href('news')}>{t('news.all')}</Link>
      </p>
    </section>
  );
};
