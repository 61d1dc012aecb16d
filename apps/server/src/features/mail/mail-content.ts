import type { Language } from '@gatekeeper/contract';
import sanitizeHtml from 'sanitize-html';
import type { Mail } from '../../infra/mailer';
import type { Texts } from '../../infra/texts';
import { unsubscribeLink } from './unsubscribe-link';

/**
 * What an admin may put in a mass mail: text formatting, links, images and simple tables. No
 * scripts, forms, styles sheets or event handlers, and links only to http(s) and mailto.
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'center'],
  allowedAttributes: {
    a: ['href', 'title', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['align', 'style'],
    font: ['color', 'size'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^[a-z]+$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'font-size': [/^\d{1,3}(px|%|em)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
};

export const sanitizeMailHtml = (html: string): string => sanitizeHtml(html, SANITIZE_OPTIONS).trim();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The plain-text part of the mail: block ends become line breaks, tags go, entities are decoded. */
export const htmlToText = (html: string): string =>
  sanitizeHtml(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|h[1-6]|li|tr|blockquote)>/gi, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[char]};`);

/** One recipient's mail: the job's content and, in the recipient's language, the footer with the unsubscribe link. */
export const composeMassMail = (input: {
  to: string;
  login: string;
  language: Language;
  subject: string;
  html: string;
  unsubscribeUrl: string;
  texts: Texts;
}): Mail => {
  const t = input.texts(input.language);
  const values = { site: t('site.name'), username: input.login };
  const reason = t('mail.footer.reason', values);
  const action = t('mail.footer.unsubscribe');
  const footerHtml =
    `<hr><p style="font-size:12px;color:#666666">${escapeHtml(reason)}<br>` +
    `<a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(action)}</a></p>`;
  return {
    to: input.to,
    subject: input.subject,
    html: `${input.html}\n${footerHtml}`,
    text: `${htmlToText(input.html)}\n\n--\n${reason}\n${action}: ${input.unsubscribeUrl}`,
    headers: {
      // Mail clients show their own unsubscribe button for this (RFC 2369); the page does the rest.
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
    },
  };
};

/** What the site signs a mass mail's unsubscribe links with and writes its footers from. */
export interface MassMailSigning {
  publicUrl: string;
  signingKey: string;
  texts: Texts;
}

/**
 * A job's mail for one recipient, as the mail worker sends it and the console's preview shows it:
 * the job's sanitized HTML, the footer in the recipient's language, the unsubscribe link signed for
 * the address, the login and the version.
 */
export const recipientMassMail = (
  job: { subject: string; html: string; version: string },
  recipient: { email: string; login: string; language: Language },
  signing: MassMailSigning,
): Mail =>
  composeMassMail({
    to: recipient.email,
    login: recipient.login,
    language: recipient.language,
    subject: job.subject,
    html: job.html,
    unsubscribeUrl: unsubscribeLink(signing.publicUrl, signing.signingKey, {
      email: recipient.email,
      user: recipient.login,
      version: job.version,
    }),
    texts: signing.texts,
  });
