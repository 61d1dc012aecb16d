import type { SharedRefresh } from '../../infra/shared-refresh';
import type { FastifyInstance } from 'fastify';
import { latestAnswer } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';
import type { YoutubeSettings } from './settings-schema';
import { YoutubeApiError } from './youtube-client';
import { youtubeVideosSource } from './youtube-videos';

/** getyoutubevideos: the gallery's list, from memory; the Data API is asked in the background. */
export const mediaRoutes = async (
  app: FastifyInstance,
  options: { youtube: YoutubeSettings; apiKey: string; shared?: SharedRefresh },
): Promise<void> => {
  const videos = youtubeVideosSource({
    settings: options.youtube,
    apiKey: options.apiKey,
    shared: options.shared,
    onError: (error) =>
      app.log.warn(
        error instanceof YoutubeApiError ? { status: error.status, reason: error.reason } : { err: error },
        'YouTube gallery: the Data API failed; the last list fetched (or the settings list) stays',
      ),
  });
  app.addHook('onClose', async () => videos.stop());
  // Start the first fetch now so the first visitor finds it under way or done.
  void videos.get();
  const answer = latestAnswer(videos, JSON_NO_CACHE_HEADERS);
  readRoute(app, 'getYoutubeVideos', answer.ready, answer.whenReady);
};
