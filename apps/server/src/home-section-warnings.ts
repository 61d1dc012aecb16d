import type { Config } from './config';
import type { OwnerNotice } from './owner-notices';
import type { Settings } from './settings';

/**
 * What the owner reads at start-up when a section of the home page will have nothing to show,
 * with the setting that fills it: without it the section silently stays empty.
 */
export const homeSectionWarnings = (
  config: Pick<Config, 'YOUTUBE_API_KEY' | 'FACEBOOK_APP_SECRET'>,
  settings: Pick<Settings, 'youtube' | 'liveStreams' | 'facebook'>,
): OwnerNotice[] => {
  const warnings: OwnerNotice[] = [];
  const youtubeApi = config.YOUTUBE_API_KEY !== '' && (settings.youtube.channelId || settings.youtube.playlistId);
  if (!youtubeApi && settings.youtube.videos.length === 0) {
    warnings.push({
      warning:
        'The home page shows no video gallery: set YOUTUBE_API_KEY and youtube.channelId (or youtube.playlistId), or list videos in youtube.videos (docs/owner/streams.md)',
      summary: 'video gallery: YOUTUBE_API_KEY and youtube.channelId, or youtube.videos',
      page: 'streams.md',
    });
  }
  const registration = settings.facebook.appId !== '' && Boolean(config.FACEBOOK_APP_SECRET);
  if (settings.liveStreams.length === 0 && !registration) {
    warnings.push({
      warning:
        'The home page shows only placeholders in its three live stream slots: list channels in liveStreams, or let players register their streams (facebook.appId and FACEBOOK_APP_SECRET; docs/owner/streams.md)',
      summary: 'live streams: liveStreams, or facebook.appId and FACEBOOK_APP_SECRET',
      page: 'streams.md',
    });
  }
  return warnings;
};
