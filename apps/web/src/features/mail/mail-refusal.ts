import { MAIL_FORM_MESSAGES, MAIL_REFUSALS, isErrorCode } from '@gatekeeper/contract/lite';
import { CallError } from '../../api/client';

const SPEC_MESSAGES: readonly string[] = Object.values(MAIL_FORM_MESSAGES);
const isMailRefusal = (code: string) => (MAIL_REFUSALS as readonly string[]).includes(code);

/**
 * The texts of a refusal of the mail call (wrong credentials, not a GM, no database for the
 * version, a service down for a moment...): each code in the visitor's language, the mail form's own messages in their literal
 * English (docs/product.md#mail-form). Undefined when the failure is not such an answer (the page then says "Server error.").
 */
export const mailRefusalTexts = (error: unknown, t: (key: string) => string): string[] | undefined => {
  // 503: a database or Redis is down for a moment ("try again in a minute").
  const answered = error instanceof CallError && error.status >= 400 && (error.status < 500 || error.status === 503);
  if (!answered || !Array.isArray(error.body)) {
    return undefined;
  }
  const texts = error.body.flatMap((code: unknown) => {
    if (typeof code !== 'string') return [];
    if (isErrorCode(code) || isMailRefusal(code)) return [t(code)];
    return SPEC_MESSAGES.includes(code) ? [code] : [];
  });
  return texts.length > 0 ? texts : undefined;
};
