/**
 * YouTube no longer publishes dislikes, so the gallery's 0-5 stars come from what is public: likes
 * per thousand views. 40 likes per 1,000 views (4%, a well-liked video) or more is five stars,
 * each 8 per thousand is one star. A handful of views says little, so the counts are smoothed as
 * if every video had 1,000 more views with 20 more likes (20 per thousand, 2.5 stars): a new
 * video starts in the middle and moves as views come in. Rounded to half stars. docs/owner/streams.md says the same.
 */
export const RATING_LIKES_PER_THOUSAND_PER_STAR = 8;
const PRIOR_VIEWS = 1_000;
const PRIOR_LIKES = 20;

export const videoRating = (views: number, likes: number): number => {
  const safeViews = Math.max(0, views);
  const safeLikes = Math.min(Math.max(0, likes), safeViews);
  const perThousand = (1000 * (safeLikes + PRIOR_LIKES)) / (safeViews + PRIOR_VIEWS);
  const stars = Math.min(5, perThousand / RATING_LIKES_PER_THOUSAND_PER_STAR);
  return Math.round(stars * 2) / 2;
};
