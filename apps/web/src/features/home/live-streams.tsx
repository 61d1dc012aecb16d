import { LIVE_STREAM_SLOTS, type LiveStream } from '@gatekeeper/contract/lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import VideoOff from 'lucide-react/icons/video-off';
import { Link } from '../../shared/navigation';
import { useCall } from '../../api/use-call';
import { useLanguage } from '../../shared/use-language';
import { useSiteData } from '../../shared/site-data';
import { ExternalLink } from '../../components/external-link';
import { PROVIDER_NAMES, streamChannelUrl, streamEmbedUrl } from './stream-embed';

const NO_STREAMS: LiveStream[] = [];

const StreamPlayer = ({ stream, embedUrl }: { stream: LiveStream; embedUrl: string }) => {
  const { t } = useTranslation();
  const provider = PROVIDER_NAMES[stream.type];
  const channelUrl = streamChannelUrl(stream);
  // Twitch, Kick and Trovo channels are names people know; a YouTube id or a video URL is not.
  const channelName = stream.type === 'FACEBOOK' || stream.type === 'YOUTUBE' ? '' : stream.channel;
  const name = stream.title || channelName;
  return (
    <figure className="stream-slot__figure">
      <div className="stream-slot__frame">
        <iframe
          src={embedUrl}
          title={
            name ? t('streams.playerTitle', { provider, channel: name }) : t('streams.playerTitleNoName', { provider })
          }
          loading="lazy"
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
        />
      </div>
      <figcaption className="stream-slot__caption">
        {stream.live && <span className="stream-slot__live">{t('streams.live')}</span>}
        <span className="stream-slot__name">{name || provider}</span>
        {channelUrl && (
          <ExternalLink href={channelUrl} className="stream-slot__link">
            {t('streams.watchOn', { provider })}
          </ExternalLink>
        )}
      </figcaption>
    </figure>
  );
};

/** The link to stream registration, only where the owner has set Facebook up (metadata.facebookLoginUrl). */
const RegistrationLink = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { metadata } = useSiteData();
  if (!metadata?.facebookLoginUrl) return null;
  return (
    <Link to={href('fb')} className="stream-slot__link">
      {t('streams.emptyLink')}
    </Link>
  );
};

/** An empty slot beside live ones: our placeholder picture where a player would be. */
const EmptySlot = () => {
  const { t } = useTranslation();
  return (
    <figure className="stream-slot__figure stream-slot__figure--empty">
      <div className="stream-slot__frame">
        <img src="/images/streams/stream-placeholder.svg" alt="" width={640} height={360} loading="lazy" />
      </div>
      <figcaption className="stream-slot__caption">
        <span className="stream-slot__name">{t('streams.emptyTitle')}</span>
        <RegistrationLink />
      </figcaption>
    </figure>
  );
};

/** Nobody live: one small card, not three empty slots. */
const NobodyLive = () => {
  const { t } = useTranslation();
  return (
    <div className="live-streams__none">
      <VideoOff className="live-streams__none-icon" aria-hidden="true" />
      <p className="live-streams__none-text">{t('streams.emptyTitle')}</p>
      <RegistrationLink />
    </div>
  );
};

/**
 * The three live stream slots (docs/product.md#home): the players of getlivestreams by provider, our own
 * placeholder in an empty slot beside them; one small card instead when nobody is live. Twitch's `parent` is this page's own host name: the page is
 * served from PUBLIC_URL, and where an owner also reaches it by another name (LAN address,
 * second domain) Twitch plays only under the name the visitor actually used.
 */
const LiveStreams = () => {
  const { t } = useTranslation();
  const headingId = useId();
  const streams = useCall('getLiveStreams', NO_STREAMS);
  const host = typeof window === 'undefined' ? '' : window.location.hostname;
  const anyLive = streams?.some((stream) => streamEmbedUrl(stream, host) !== undefined) ?? false;
  return (
    <section className="home__section live-streams" aria-labelledby={headingId}>
      <h3 id={headingId} className="home__section-title">
        {t('streams.heading')}
      </h3>
      {streams === undefined ? (
        <div className="live-streams__none" aria-busy="true" />
      ) : !anyLive ? (
        <NobodyLive />
      ) : (
        <ul className="live-streams__slots">
          {Array.from({ length: LIVE_STREAM_SLOTS }, (_, index) => {
            const stream = streams[index];
            const embedUrl = stream && streamEmbedUrl(stream, host);
            return (
              <li key={index} className={`stream-slot stream-slot--${index === 0 ? 'main' : 'side'}`}>
                {stream && embedUrl ? <StreamPlayer stream={stream} embedUrl={embedUrl} /> : <EmptySlot />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
};

export default LiveStreams;
