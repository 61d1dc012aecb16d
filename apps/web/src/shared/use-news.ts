import type { NewsPostView } from '@gatekeeper/contract/lite';
import { useEffect, useState } from 'react';
import { callApi } from '../api/client';
import { useSiteData } from './site-data';
import { useLanguage } from './use-language';

/**
 * The published news in the page's language (docs/product.md#news): those the server rendered
 * the page with, else getnews's answer; undefined while loading, empty when it failed.
 */
export const useNews = (): NewsPostView[] | undefined => {
  const { language } = useLanguage();
  const { initialNews } = useSiteData();
  const rendered = initialNews?.language === language ? initialNews.posts : undefined;
  const [fetched, setFetched] = useState<{ language: string; posts: NewsPostView[] }>();
  useEffect(() => {
    if (rendered) return;
    const controller = new AbortController();
    callApi('getNews', { query: { language }, signal: controller.signal }).then(
      (posts) => setFetched({ language, posts }),
      () => !controller.signal.aborted && setFetched({ language, posts: [] }),
    );
    return () => controller.abort();
  }, [language, rendered]);
  return rendered ?? (fetched?.language === language ? fetched.posts : undefined);
};
