import { matchNewsPost } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { Link, useLocation } from '../../shared/navigation';
import { useLanguage } from '../../shared/use-language';
import { NewsList, PostDate, textLang } from '../../components/news-list';
import { useNews } from '../../shared/use-news';

/** The feed of the page's language (features/news/news-feed.ts on the server). */
const feedHref = (language: string) => (language === 'en' ? '/news.atom' : `/${language}/news.atom`);

/** /news: every published post, pinned first, then newest (docs/product.md#news). */
export const NewsPage = () => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const posts = useNews();
  return (
    <Page title={t('news.title')} className="news-page">
      {posts === undefined ? (
        <p>{t('common.loading')}</p>
      ) : posts.length === 0 ? (
        <p>{t('news.empty')}</p>
      ) : (
        <NewsList posts={posts} headingLevel="h3" />
      )}
      <p className="news-page__feed">
        <a href={feedHref(language)} type="application/atom+xml" className="link-target">
          {t('news.feed')}
        </a>
      </p>
    </Page>
  );
};

/** A post's own page: its whole text, rendered and sanitized by the server. */
export const NewsPostPage = () => {
  const { t } = useTranslation();
  const { language, href } = useLanguage();
  const { pathname } = useLocation();
  const slug = matchNewsPost(pathname)?.slug;
  const posts = useNews();
  const post = posts?.find((shown) => shown.slug === slug);
  if (!post) {
    return (
      <Page title={t('news.title')} className="news-page">
        <p>{posts === undefined ? t('common.loading') : t('news.notFound')}</p>
        <p>
          <Link to={href('news')} className="link-target">
            {t('news.back')}
          </Link>
        </p>
      </Page>
    );
  }
  const lang = textLang(post, language);
  return (
    <Page title={post.title} titleLang={lang} className="news-page news-post">
      <p className="news-list__meta">
        <PostDate at={post.publishedAt} />
        {lang && <span className="news-list__pinned">{t('news.inEnglish')}</span>}
      </p>
      {/* Markdown rendered by marked and sanitized by sanitize-html on the server (features/news/news-render.ts). */}
      <div className="news-post__body" lang={lang} dangerouslySetInnerHTML={{ __html: post.html }} />
      <p>
        <Link to={href('news')} className="link-target">
          {t('news.back')}
        </Link>
      </p>
    </Page>
  );
};
