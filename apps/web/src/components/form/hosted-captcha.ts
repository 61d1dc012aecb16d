import type { CaptchaConfig } from '@gatekeeper/contract/lite';

type Hosted = Exclude<CaptchaConfig, { provider: 'altcha' }>;

interface WidgetApi {
  render(host: HTMLElement, options: Record<string, unknown>): string | number;
  reset(id?: string | number): void;
  remove?(id?: string | number): void;
}

/** Each provider's script, the global it defines, and the language parameter it reads. */
const PROVIDERS = {
  turnstile: { script: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit', global: 'turnstile' },
  hcaptcha: { script: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
  recaptcha: { script: 'https://www.google.com/recaptcha/api.js?render=explicit', global: 'grecaptcha' },
} as const;

const loaded = new Map<string, Promise<WidgetApi>>();

const loadScript = (provider: Hosted['provider'], language: string): Promise<WidgetApi> => {
  const known = loaded.get(provider);
  if (known) return known;
  const { script, global } = PROVIDERS[provider];
  const promise = new Promise<WidgetApi>((resolve, reject) => {
    const element = document.createElement('script');
    element.src = `${script}&hl=${encodeURIComponent(language)}`;
    element.async = true;
    element.onerror = () => reject(new Error(`${provider} script failed to load`));
    element.onload = () => {
      const api = (window as unknown as Record<string, WidgetApi | undefined>)[global];
      if (api) resolve(api);
      else reject(new Error(`${provider} script has no ${global}`));
    };
    document.head.append(element);
  });
  loaded.set(provider, promise);
  return promise;
};

/** Turnstile, hCaptcha or reCAPTCHA v2, rendered explicitly with a callback for the token. */
export const mountHostedCaptcha = async (
  host: HTMLElement,
  config: Hosted,
  language: string,
  onToken: (token: string) => void,
) => {
  const api = await loadScript(config.provider, language);
  const container = document.createElement('div');
  container.className = 'form-field__hosted-captcha';
  host.replaceChildren(container);
  const id = api.render(container, {
    sitekey: config.siteKey,
    theme: 'dark',
    callback: (token: string) => onToken(token),
    'expired-callback': () => onToken(''),
    'error-callback': () => onToken(''),
  });
  return {
    reset: () => {
      api.reset(id);
      onToken('');
    },
    destroy: () => {
      api.remove?.(id);
      container.remove();
    },
  };
};
