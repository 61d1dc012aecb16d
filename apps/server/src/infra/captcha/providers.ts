import type { HostedCaptchaProvider } from '@gatekeeper/contract';
/**
 * Server-side verification of Turnstile, hCaptcha and reCAPTCHA tokens (docs/integrations.md#captcha): a form
 * POST of secret, response and remote IP to the provider, which answers JSON {success}.
 */
export const CAPTCHA_VERIFY_URLS: Record<HostedCaptchaProvider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};

export const verifyHostedCaptcha = async (options: {
  provider: HostedCaptchaProvider;
  verifyUrl: string;
  secret: string;
  siteKey: string;
  token: string;
  remoteIp: string;
  timeoutMs?: number;
}): Promise<boolean> => {
  const form = new URLSearchParams({ secret: options.secret, response: options.token });
  if (options.remoteIp) form.set('remoteip', options.remoteIp);
  if (options.provider === 'hcaptcha' && options.siteKey) form.set('sitekey', options.siteKey);
  const response = await fetch(options.verifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
  });
  if (!response.ok) throw new Error(`${options.provider} verification answered HTTP ${response.status}`);
  const answer = (await response.json()) as { success?: unknown };
  return answer.success === true;
};
