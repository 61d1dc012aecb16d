import type { CaptchaConfig } from '@gatekeeper/contract/lite';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { mountHostedCaptcha } from './hosted-captcha';

export interface CaptchaHandle {
  reset(): void;
  /** Puts the focus on the widget's own control (ALTCHA's checkbox, a provider's frame). */
  focus(): void;
}

let configPromise: Promise<CaptchaConfig> | undefined;
const captchaConfig = () => (configPromise ??= callApi('getCaptcha'));

/**
 * The widget (ALTCHA's script is some 40 KB) is made when the player starts on the form or the
 * form asks for it, not while the page loads nor because it is on the screen: a phone's first
 * visit does not pay for a captcha the player may never use (decision 048).
 */
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
    const [near, setNear] = useState(false);
    const bringNear = useCallback(() => setNear(true), []);
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

    // A player who starts on the form (a field, a keyboard user tabbing to the captcha, a tap on
    // its place) gets it made.
    useEffect(() => {
      const form = host.current?.closest('form');
      if (near || !form) return;
      form.addEventListener('focusin', bringNear);
      form.addEventListener('pointerdown', bringNear);
      return () => {
        form.removeEventListener('focusin', bringNear);
        form.removeEventListener('pointerdown', bringNear);
      };
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
