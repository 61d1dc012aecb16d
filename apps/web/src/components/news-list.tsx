import { LANGUAGE_TAGS, type Language, type NewsPostView, getNewsPostHref } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { Link } from '../shared/navigation';
import { useFormats } from '../shared/formats';
import { useLanguage } from '../shared/use-language';
import './news-list.css';

/**
 * A post's date in the page's language, in the site's time zone: the server's render and the
 * browser's hydration write the same text whatever their own time zones.
 */
export const PostDate = ({ at }: { at: number }) => (
  <time dateTime={new Date(at).toISOString()}>{useFormats().date(at, 'long')}</time>
);

/** The language attribute of a post's text: only where it is not the page's (English shown instead). */
export const textLang = (post: NewsPostView, language: Language): string | undefined =>
  post.language === language ? undefined : LANGUAGE_TAGS[post.language];

/** Posts as a list of headed summaries, each leading to its own page. */
export const NewsList = ({ posts, headingLevel }: { posts: NewsPostView[]; headingLevel: 'h3' | 'h4' }) => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const Heading = headingLevel;
  return (
    <ul className="news-list">
      {posts.map((post) => (
        <li key={post.slug} className="news-list__item">
          <article lang={textLang(post, language)} aria-labelledby={`news-${post.slug}`}>
            <Heading id={`news-${post.slug}`} className="news-list__title">
              <Link to={getNewsPostHref(post.slug, language)} className="link-target">
                {post.title}
              </Link>
            </Heading>
            <p className="news-list__meta" lang={LANGUAGE_TAGS[language]}>
              <PostDate at={post.publishedAt} />
              {post.pinned && <span className="news-list__pinned">{t('news.pinned')}</span>}
            </p>
            <p className="news-list__summary">{post.summary}</p>
          </article>
        </li>
      ))}
    </ul>
  );
};
