import { createHash } from 'node:crypto';
import { CALLS, type CaptchaConfig } from '@gatekeeper/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { ClaimStore } from '../durable-claims';
import { isServiceUnavailable } from '../unavailable';
import { altchaCaptcha } from './altcha';
import { CAPTCHA_VERIFY_URLS, verifyHostedCaptcha } from './providers';

export interface Captcha {
  publicConfig: CaptchaConfig;
  /** The ALTCHA challenge JSON; undefined for hosted providers. */
  challenge?: () => Promise<unknown>;
  /** Whether the token is valid and was not used before. Never throws: a provider outage fails closed. */
  verify(token: string, remoteIp: string): Promise<boolean>;
}

export interface CaptchaSettings {
  altchaCost: number;
  altchaMaxCounter: number;
  expireMinutes: number;
}

export const createCaptcha = (
  config: Pick<
    Config,
    'CAPTCHA_PROVIDER' | 'CAPTCHA_SECRET' | 'CAPTCHA_SITE_KEY' | 'CAPTCHA_VERIFY_URL' | 'ALTCHA_HMAC_KEY'
  >,
  settings: CaptchaSettings,
  store: ClaimStore,
  log: FastifyBaseLogger,
): Captcha => {
  const ttlMs = settings.expireMinutes * 60_000;
  if (config.CAPTCHA_PROVIDER === 'altcha') {
    const altcha = altchaCaptcha({
      hmacKey: config.ALTCHA_HMAC_KEY,
      cost: settings.altchaCost,
      maxCounter: settings.altchaMaxCounter,
      expireMinutes: settings.expireMinutes,
      store,
    });
    return {
      publicConfig: { provider: 'altcha', challengeUrl: CALLS.getCaptchaChallenge.path },
      challenge: altcha.challenge,
      async verify(token) {
        try {
          return await altcha.verify(token);
        } catch (error) {
          // The claim store down while claiming the solution: try again later, not "wrong captcha".
          if (isServiceUnavailable(error)) throw error;
          log.warn({ err: error }, 'captcha payload rejected');
          return false;
        }
      },
    };
  }
  const provider = config.CAPTCHA_PROVIDER;
  return {
    publicConfig: { provider, siteKey: config.CAPTCHA_SITE_KEY },
    async verify(token, remoteIp) {
      // Providers refuse a reused token themselves; the claim also stops a replay to another instance.
      const tokenKey = `captcha:${createHash('sha256').update(token).digest('base64url')}`;
      if (!(await store.claim(tokenKey, ttlMs))) return false;
      try {
        return await verifyHostedCaptcha({
          provider,
          verifyUrl: config.CAPTCHA_VERIFY_URL ?? CAPTCHA_VERIFY_URLS[provider],
          secret: config.CAPTCHA_SECRET,
          siteKey: config.CAPTCHA_SITE_KEY,
          token,
          remoteIp,
        });
      } catch (error) {
        log.error({ err: error, provider }, 'captcha provider unreachable');
        return false;
      }
    },
  };
};
