import { withoutTrailingSlashes } from '@gatekeeper/contract';
import type { FacebookSettings } from './settings-schema';

/** The page's fb route (apps/web/src/i18n/routes.ts: the same slug in every language). */
export const FB_ROUTE_PATH = '/fb';

/** Where Facebook sends the visitor back: the fb route on PUBLIC_URL, with the token in the fragment. */
export const loginRedirectUrl = (publicUrl: string): string => `${withoutTrailingSlashes(publicUrl)}${FB_ROUTE_PATH}`;

/**
 * Facebook's login dialog (docs/integrations.md#facebook-graph-api): token response, popup display, the scopes
 * public_profile and user_videos. Empty when no app id is set (registration is off).
 */
export const facebookLoginUrl = (settings: Pick<FacebookSettings, 'appId' | 'graphApiVersion'>, publicUrl: string) => {
  if (!settings.appId) return '';
  const url = new URL(`https://www.facebook.com/${settings.graphApiVersion}/dialog/oauth`);
  url.searchParams.set('client_id', settings.appId);
  url.searchParams.set('redirect_uri', loginRedirectUrl(publicUrl));
  url.searchParams.set('response_type', 'token');
  url.searchParams.set('display', 'popup');
  url.searchParams.set('scope', 'public_profile,user_videos');
  return url.toString();
};
