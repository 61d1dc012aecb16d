import type { Config } from './config';
import { queueWarning } from './features/rewards/reward-delivery';
import type { GameSchema } from './game/schema-check';
import { homeSectionWarnings } from './home-section-warnings';
import type { Settings } from './settings';

/** Something the owner has not configured yet, as the log and the terminal's summary say it. */
export interface OwnerNotice {
  /** The start-up warning of the log; undefined where the feature logs its own. */
  warning?: string;
  /** One short line of the summary `npm start` ends with. */
  summary: string;
  /** The page of the owner's guide (docs/owner/) that explains it. */
  page: string;
}

/** Everything not configured yet, one notice each, in the order the summary lists them. */
export const ownerNotices = (
  config: Pick<
    Config,
    | 'publicUrlWarning'
    | 'mailSigningKeyConfigured'
    | 'cookieSigningKeyConfigured'
    | 'PAYPAL_CLIENT_ID'
    | 'PAYPAL_CLIENT_SECRET'
    | 'YOUTUBE_API_KEY'
    | 'FACEBOOK_APP_SECRET'
  >,
  settings: Pick<Settings, 'youtube' | 'liveStreams' | 'facebook' | 'rewards' | 'donations'>,
  schema: GameSchema,
): OwnerNotice[] => {
  const notices: OwnerNotice[] = [];
  if (config.publicUrlWarning) {
    notices.push({
      warning: config.publicUrlWarning,
      summary: 'PUBLIC_URL: the links the site hands out point to this machine',
      page: 'environment.md',
    });
  }
  notices.push(...homeSectionWarnings(config, settings));
  const rewards = queueWarning(settings.rewards, schema);
  if (rewards) {
    notices.push({
      warning: rewards,
      summary: "rewards: coins wait in the site's queue for a game mod",
      page: 'payments.md',
    });
  }
  if (settings.donations.paypal.checkout === 'orders' && !(config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET)) {
    // The checkout routes log their own warning.
    notices.push({ summary: 'PayPal: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET', page: 'payments.md' });
  }
  if (!config.mailSigningKeyConfigured) {
    notices.push({
      warning: 'MAIL_SIGNING_KEY is not set: unsubscribe links in mails stop working when the site restarts',
      summary: 'MAIL_SIGNING_KEY: unsubscribe links die at each restart',
      page: 'environment.md',
    });
  }
  if (!config.cookieSigningKeyConfigured) {
    notices.push({
      warning:
        'COOKIE_SIGNING_KEY is not set: after a restart, updateips ignores the accounts browsers registered before',
      summary: 'COOKIE_SIGNING_KEY: registration cookies die at each restart',
      page: 'environment.md',
    });
  }
  return notices;
};
