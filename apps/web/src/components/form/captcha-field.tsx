import type { CaptchaConfig } from '@gatekeeper/contract/lite';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { useNearViewport } from '../../shared/use-near-viewport';
import { mountHostedCaptcha } from './hosted-captcha';

export interface CaptchaHandle {
  reset(): void;
  /** Puts the focus on the widget's own control (ALTCHA's checkbox, a provider's frame). */
  focus(): void;
}

let configPromise: Promise<CaptchaConfig> | undefined;
const captchaConfig = () => (configPromise ??= callApi('getCaptcha'));

/**
 * The widget is made as the player scrolls towards it or starts on the form, not while the page
 * loads (a phone's CPU).
 */
const CAPTCHA_NEAR = '600px 0px';

const CONTROL = 'input, button, iframe';

const ALTCHA_LANGUAGES: Record<string, string> = { en: 'en', ru: 'ru', gr: 'el', es: 'es-es', br: 'pt-br', lt: 'lt' };

/**
 * The captcha of every account form: ALTCHA (self-hosted proof of work) by default, or the
 * provider the owner chose. It hands the token to the form and is reset with it.
 */
export const CaptchaField = forwardRef<CaptchaHandle, { onToken: (token: string) => void; invalid: boolean }>(
  ({ onToken, invalid }, ref) => {
    const { t, i18n } = useTranslation();
    const host = useRef<HTMLDivElement>(null);
    const resetWidget = useRef<() => void>(() => undefined);
    const [failed, setFailed] = useState(false);
    const onTokenRef = useRef(onToken);
    onTokenRef.current = onToken;
    const [near, bringNear] = useNearViewport(host, CAPTCHA_NEAR);
    const focusWhenMade = useRef(false);

    useImperativeHandle(
      ref,
      () => ({
        reset: () => resetWidget.current(),
        focus: () => {
          const control = host.current?.querySelector<HTMLElement>(CONTROL);
          if (control) return control.focus();
          // Not made yet (the form was sent from far above it): make it, then focus it.
          focusWhenMade.current = true;
          bringNear();
          host.current?.scrollIntoView({ block: 'center' });
        },
      }),
      [bringNear],
    );

    // A player who starts on the form (a keyboard user tabbing to the captcha) gets it made too.
    useEffect(() => {
      const form = host.current?.closest('form');
      if (near || !form) return;
      form.addEventListener('focusin', bringNear);
      return () => form.removeEventListener('focusin', bringNear);
    }, [near, bringNear]);

    useEffect(() => {
      if (!near) return;
      let cancelled = false;
      let cleanup: (() => void) | undefined;
      const language = i18n.language;
      captchaConfig()
        .then(async (config) => {
          if (cancelled || !host.current) return;
          if (config.provider === 'altcha') {
            const { mountAltcha } = await import('./altcha-widget');
            if (cancelled || !host.current) return;
            const mounted = await mountAltcha(host.current, {
              challengeUrl: config.challengeUrl,
              language: ALTCHA_LANGUAGES[language] ?? 'en',
              onToken: (token) => onTokenRef.current(token),
            });
            cleanup = mounted.destroy;
            resetWidget.current = mounted.reset;
          } else {
            const mounted = await mountHostedCaptcha(host.current, config, language, (token) =>
              onTokenRef.current(token),
            );
            cleanup = mounted.destroy;
            resetWidget.current = mounted.reset;
          }
          if (focusWhenMade.current) {
            focusWhenMade.current = false;
            host.current?.querySelector<HTMLElement>(CONTROL)?.focus();
          }
        })
        .catch(() => !cancelled && setFailed(true));
      return () => {
        cancelled = true;
        cleanup?.();
      };
    }, [i18n.language, near]);

    return (
      <div className={`form-field form-field--captcha${invalid ? ' form-field--invalid' : ''}`}>
        <div ref={host} className="form-field__captcha" role="group" aria-label={t('forms.captcha')} />
        {failed && <p className="form-field__error">{t('forms.captchaUnavailable')}</p>}
        {invalid && !failed && (
          <p className="form-field__error" role="alert">
            {t('CaptchaEmpty')}
          </p>
        )}
      </div>
    );
  },
);
CaptchaField.displayName = 'CaptchaField';
