import type { YoutubeVideo } from '@gatekeeper/contract/lite';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/use-call';
import { useFormats } from '../../shared/formats';
import { ExternalLink } from '../../components/external-link';
import { StarRating } from './star-rating';
import { type YoutubePlayer, loadYoutubeIframeApi } from './youtube-iframe-api';
import { useNearViewport } from '../../shared/use-near-viewport';

const NO_VIDEOS: YoutubeVideo[] = [];
/** The player starts loading this far before the gallery scrolls into view. */
const NEAR_VIEWPORT = '400px 0px';

/** Small icons of our own (emoji fonts differ between systems). */
const ICONS = {
  views:
    'M8 3C4.6 3 1.8 5.2.5 8c1.3 2.8 4.1 5 7.5 5s6.2-2.2 7.5-5C14.2 5.2 11.4 3 8 3zm0 8.3a3.3 3.3 0 1 1 0-6.6 3.3 3.3 0 0 1 0 6.6zm0-4.9a1.6 1.6 0 1 0 0 3.2 1.6 1.6 0 0 0 0-3.2z',
  likes: 'M1 7h3v8H1V7zm4.5 8h6.7c.7 0 1.3-.5 1.5-1.2l1.3-4.8c.3-1-.5-2-1.5-2H10l.6-3c.2-1-.4-2-1.4-2.3L5.5 7v8z',
  comments: 'M2 2h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6.5L3 15v-3H2a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1z',
} as const;

const Stat = ({ kind, label, value }: { kind: keyof typeof ICONS; label: string; value: string }) => (
  <span className="gallery-card__stat">
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d={ICONS[kind]} fill="currentColor" />
    </svg>
    <span className="visually-hidden">{label}: </span>
    {value}
  </span>
);

const VideoCard = ({
  video,
  current,
  onPlay,
  format,
}: {
  video: YoutubeVideo;
  current: boolean;
  onPlay: () => void;
  format: (n: number) => string;
}) => {
  const { t } = useTranslation();
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  return (
    <li>
      <button type="button" className="gallery-card" aria-current={current ? 'true' : undefined} onClick={onPlay}>
        <span className="gallery-card__thumb">
          {!thumbnailFailed && (
            <img
              src={video.thumbnail}
              alt=""
              width={320}
              height={180}
              loading="lazy"
              onError={() => setThumbnailFailed(true)}
            />
          )}
          {current && <span className="gallery-card__badge">{t('gallery.nowPlaying')}</span>}
        </span>
        <span className="gallery-card__title">{video.title}</span>
        <span className="gallery-card__author">{video.author}</span>
        <span className="gallery-card__stats">
          <Stat kind="views" label={t('gallery.views')} value={format(video.views)} />
          <Stat kind="likes" label={t('gallery.likes')} value={format(video.likes)} />
          <Stat kind="comments" label={t('gallery.comments')} value={format(video.comments)} />
        </span>
        <StarRating rating={video.rating} />
      </button>
    </li>
  );
};

/**
 * The video gallery (docs/product.md#home): a YouTube player that starts a random video of the list, muted,
 * on its own, and the list; a click on a video plays it with sound. The IFrame API is loaded only
 * when the gallery comes near the screen; until then the chosen video's thumbnail holds its place.
 */
const VideoGallery = () => {
  const { t } = useTranslation();
  const headingId = useId();
  const videos = useCall('getYoutubeVideos', NO_VIDEOS);
  const [randomPick] = useState(() => Math.random());
  const [chosenId, setChosenId] = useState<string>();
  const section = useRef<HTMLElement>(null);
  const [near, bringNear] = useNearViewport(section, NEAR_VIEWPORT, (videos ?? NO_VIDEOS).length > 0);
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<YoutubePlayer | undefined>(undefined);
  // The formats make their compact format on first use: a page without videos does not pay for it.
  const { compact: format } = useFormats();

  const list = videos ?? NO_VIDEOS;
  const currentId = chosenId ?? list[Math.floor(randomPick * list.length)]?.id;
  const current = list.find((video) => video.id === currentId);
  const [playerShown, setPlayerShown] = useState(false);
  // What the player should be doing; read by the player once it is ready.
  const wanted = useRef({ id: currentId, withSound: false, frameTitle: '' });
  useEffect(() => {
    // The player's iframe is named after the video it shows.
    const frameTitle = current ? t('gallery.playerTitle', { title: current.title }) : '';
    wanted.current = { id: current?.id, withSound: chosenId !== undefined, frameTitle };
    player.current?.getIframe?.()?.setAttribute('title', frameTitle);
  }, [current, chosenId, t]);

  // Create the player once, when the gallery is near and has a video.
  const hasVideo = currentId !== undefined;
  useEffect(() => {
    if (!near || !hasVideo || !host.current) return;
    let cancelled = false;
    const target = document.createElement('div');
    host.current.replaceChildren(target);
    loadYoutubeIframeApi().then(
      (YT) => {
        if (cancelled) return;
        const start = wanted.current;
        player.current = new YT.Player(target, {
          videoId: start.id ?? '',
          width: '100%',
          height: '100%',
          playerVars: { autoplay: 1, mute: 1, playsinline: 1, rel: 0 },
          events: {
            onReady: ({ target: ready }) => {
              const now = wanted.current;
              ready.getIframe()?.setAttribute('title', now.frameTitle);
              if (now.id && now.id !== start.id) ready.loadVideoById(now.id);
              if (now.withSound) ready.unMute();
              else ready.mute();
              ready.playVideo();
            },
          },
        });
        setPlayerShown(true);
      },
      // Blocked or offline: the thumbnail and the link to YouTube stay.
      () => undefined,
    );
    return () => {
      cancelled = true;
      player.current?.destroy();
      player.current = undefined;
    };
  }, [near, hasVideo]);

  const play = (video: YoutubeVideo) => {
    setChosenId(video.id);
    bringNear();
    const ready = player.current;
    if (ready && typeof ready.loadVideoById === 'function') {
      ready.loadVideoById(video.id);
      ready.unMute();
      ready.playVideo();
    }
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    host.current?.parentElement?.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  };

  // Nothing to show, or not yet: the section appears with its list (it sits below the fold).
  if (list.length === 0) return null;
  return (
    <section ref={section} className="home__section gallery" aria-labelledby={headingId}>
      <h3 id={headingId} className="home__section-title">
        {t('gallery.heading')}
      </h3>
      <div className="gallery__stage">
        {current && !playerShown && (
          <img className="gallery__poster" src={current.thumbnail} alt="" width={320} height={180} />
        )}
        <div className="gallery__player" ref={host} />
      </div>
      {current && (
        <p className="gallery__now" aria-live="polite">
          <span className="gallery__now-label">{t('gallery.nowPlaying')}:</span>{' '}
          <span className="gallery__now-title">{current.title}</span>{' '}
          <ExternalLink
            href={`https://www.youtube.com/watch?v=${encodeURIComponent(current.id)}`}
            className="link-target gallery__now-link"
          >
            {t('gallery.watchOnYoutube')}
          </ExternalLink>
        </p>
      )}
      <ul className="gallery__list" aria-label={t('gallery.listLabel')}>
        {list.map((video) => (
          <VideoCard
            key={video.id}
            video={video}
            current={video.id === currentId}
            onPlay={() => play(video)}
            format={format}
          />
        ))}
      </ul>
    </section>
  );
};

export default VideoGallery;
