import type { CaptchaConfig } from '@gatekeeper/contract/lite';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
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

    useImperativeHandle(
      ref,
      () => ({
        reset: () => resetWidget.current(),
        focus: () => host.current?.querySelector<HTMLElement>('input, button, iframe')?.focus(),
      }),
      [],
    );

    useEffect(() => {
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
        })
        .catch(() => !cancelled && setFailed(true));
      return () => {
        cancelled = true;
        cleanup?.();
      };
    }, [i18n.language]);

    return (
      <div className={`form-field form-field--captcha${invalid ? ' form-field--invalid' : ''}`}>
        <div ref={host} role="group" aria-label={t('forms.captcha')} />
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
