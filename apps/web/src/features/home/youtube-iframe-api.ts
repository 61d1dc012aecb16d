/**
 * The YouTube IFrame Player API, loaded from YouTube's own script the first time the gallery
 * asks for it (never on the first paint), typed for the few calls we make.
 */
export const YOUTUBE_IFRAME_API_URL = 'https://www.youtube.com/iframe_api';

export interface YoutubePlayer {
  loadVideoById(videoId: string): void;
  playVideo(): void;
  mute(): void;
  unMute(): void;
  getIframe(): HTMLIFrameElement;
  destroy(): void;
}

interface PlayerOptions {
  videoId: string;
  width?: string | number;
  height?: string | number;
  host?: string;
  playerVars?: Record<string, string | number>;
  events?: { onReady?: (event: { target: YoutubePlayer }) => void };
}

export interface YoutubeNamespace {
  Player: new (element: HTMLElement, options: PlayerOptions) => YoutubePlayer;
}

declare global {
  interface Window {
    YT?: Partial<YoutubeNamespace>;
    onYouTubeIframeAPIReady?: () => void;
  }
}

let loading: Promise<YoutubeNamespace> | undefined;

export const loadYoutubeIframeApi = (): Promise<YoutubeNamespace> => {
  if (window.YT?.Player) return Promise.resolve(window.YT as YoutubeNamespace);
  loading ??= new Promise<YoutubeNamespace>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      resolve(window.YT as YoutubeNamespace);
    };
    const script = document.createElement('script');
    script.src = YOUTUBE_IFRAME_API_URL;
    script.async = true;
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('the YouTube IFrame API did not load'));
    };
    document.head.append(script);
  });
  return loading;
};
