import { COOKIES } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { ExternalLink } from '../../components/external-link';
import { useSiteData } from '../../shared/site-data';
import { ContactLink } from '../../components/contact-link';
import './legal.css';

const PRIVACY_SECTIONS = ['accounts', 'email', 'addresses', 'storage', 'donations', 'logs', 'questions'] as const;
const STORAGE_ITEMS = ['csrf', 'language', 'charName', 'users', 'ref', 'donate'] as const;
const TERMS = ['fanServer', 'free', 'account', 'fairPlay', 'respect', 'service', 'changes'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The lifetimes the privacy page states are the cookies' own (all 90 days but the language's). */
const COOKIE_DAYS = {
  language: COOKIES.language.maxAgeMs / DAY_MS,
  charName: COOKIES.charName.maxAgeMs / DAY_MS,
  users: Math.max(COOKIES.users.maxAgeMs, COOKIES.registered.maxAgeMs) / DAY_MS,
  ref: COOKIES.ref.maxAgeMs / DAY_MS,
};

/** The names the browser shows for them, as the code sets them. */
const STORED_NAMES = {
  csrf: COOKIES.csrf.name,
  language: COOKIES.language.name,
  charName: COOKIES.charName.name,
  users: `${COOKIES.users.name}, ${COOKIES.registered.name}`,
  ref: COOKIES.ref.name,
};

/** docs/product.md#privacy: what the site stores, why and for how long (docs/owner/security.md). */
export const PrivacyPage = () => {
  const { t } = useTranslation();
  return (
    <Page title={t('legal.privacy.title')} className="legal-page">
      <p>{t('legal.privacy.intro')}</p>
      {PRIVACY_SECTIONS.map((section) => (
        <section key={section} className="legal-page__section" aria-labelledby={`privacy-${section}`}>
          <h3 id={`privacy-${section}`}>{t(`legal.privacy.${section}.heading`)}</h3>
          {section === 'storage' ? (
            <>
              <p>{t('legal.privacy.storage.intro')}</p>
              <ul>
                {STORAGE_ITEMS.map((item) => (
                  <li key={item}>
                    {item in STORED_NAMES && (
                      <>
                        <code>{STORED_NAMES[item as keyof typeof STORED_NAMES]}</code>:{' '}
                      </>
                    )}
                    {t(`legal.privacy.storage.items.${item}`, {
                      days: item in COOKIE_DAYS ? COOKIE_DAYS[item as keyof typeof COOKIE_DAYS] : undefined,
                      languageDays: COOKIE_DAYS.language,
                    })}
                  </li>
                ))}
              </ul>
              <p>{t('legal.privacy.storage.thirdParty')}</p>
            </>
          ) : (
            <p>{t(`legal.privacy.${section}.text`)}</p>
          )}
        </section>
      ))}
    </Page>
  );
};

/** docs/product.md#terms: general terms of a fan-run server. */
export const TermsPage = () => {
  const { t } = useTranslation();
  return (
    <Page title={t('legal.terms.title')} className="legal-page">
      <p>{t('legal.terms.intro')}</p>
      <ol className="legal-page__terms">
        {TERMS.map((term) => (
          <li key={term}>{t(`legal.terms.items.${term}`)}</li>
        ))}
      </ol>
    </Page>
  );
};

/** docs/product.md#footer: the ways to the server team the settings name; a way the owner has not set is not shown. */
export const ContactPage = () => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  const email = metadata?.legal.contactEmail ?? '';
  const payments = metadata?.donation.contact ?? '';
  return (
    <Page title={t('legal.contact.title')} className="legal-page">
      <p>{t('legal.contact.intro')}</p>
      {metadata && (
        <dl className="legal-page__contacts">
          {email && (
            <div>
              <dt>{t('legal.contact.email')}</dt>
              <dd>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </div>
          )}
          {metadata.links.discord && (
            <div>
              <dt>{t('legal.contact.discord')}</dt>
              <dd>
                <ExternalLink href={metadata.links.discord}>{t('legal.contact.discordLink')}</ExternalLink>
              </dd>
            </div>
          )}
          {metadata.links.communityChat && (
            <div>
              <dt>{t('legal.contact.chat')}</dt>
              <dd>
                <ExternalLink href={metadata.links.communityChat}>{t('legal.contact.chatLink')}</ExternalLink>
              </dd>
            </div>
          )}
          {payments && (
            <div>
              <dt>{t('legal.contact.payments')}</dt>
              <dd>
                <ContactLink contact={payments} />
              </dd>
            </div>
          )}
        </dl>
      )}
      <p>{t('legal.contact.inGame')}</p>
    </Page>
  );
};
