import { useTranslation } from 'react-i18next';
import { ContactLink } from '../../components/contact-link';

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
