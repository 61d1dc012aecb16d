import type { FastifyInstance } from 'fastify';
import type { Connections } from '../../db/connections';
import { latestAnswer } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';
import { liveStreamsSource } from './live-streams';
import { listLiveStreams } from './live-streams-repository';
import type { LiveStreamSetting } from './settings-schema';

/** getlivestreams: the settings' streams, then the live registered ones; at most three. */
export const streamRoutes = async (
  app: FastifyInstance,
  options: { connections: Connections; liveStreams: LiveStreamSetting[]; minViewers: number },
): Promise<void> => {
  const streams = liveStreamsSource({
    configured: options.liveStreams,
    minViewers: options.minViewers,
    listStored: (query) => listLiveStreams(options.connections.site.db, query),
    onError: (error) => app.log.warn({ err: error }, 'live streams: the site database could not be read'),
  });
  app.addHook('onClose', async () => streams.stop());
  const answer = latestAnswer(streams, JSON_NO_CACHE_HEADERS);
  readRoute(app, 'getLiveStreams', answer.ready, answer.whenReady);
};
