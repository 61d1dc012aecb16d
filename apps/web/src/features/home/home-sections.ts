import { preloadable } from '../../shared/preloadable';

// Below the fold and heavier: their own chunks, not part of the page's first script.
export const LiveStreams = preloadable(() => import('./live-streams'));
export const VideoGallery = preloadable(() => import('./video-gallery'));

export const preloadHomeSections = async (): Promise<void> => {
  await Promise.all([LiveStreams.preload(), VideoGallery.preload()]);
};
