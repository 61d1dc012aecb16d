import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../components/external-link';

/** An e-mail address (settings donations.contact is an e-mail or a URL). */
export const isEmailContact = (contact: string) => !/^https?:\/\//i.test(contact) && contact.includes('@');

/** The owner's address or page for payment questions: a mail link or a link to their page. */
export const ContactLink = ({ contact }: { contact: string }) =>
  isEmailContact(contact) ? (
    <a href={`mailto:${contact}`}>{contact}</a>
  ) : (
    <ExternalLink href={contact}>{contact.replace(/^https?:\/\//i, '').replace(/\/$/, '')}</ExternalLink>
  );

/** Where a donor asks about a payment, when the owner has set one (settings donations.contact). */
export const DonationContact = ({ contact }: { contact: string }) => {
  const { t } = useTranslation();
  if (!contact) return null;
  return (
    <p className="donate-contact">
      {t('donate.contact.question')} <ContactLink contact={contact} />
    </p>
  );
};
