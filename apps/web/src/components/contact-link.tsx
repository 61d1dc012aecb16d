import { ExternalLink } from './external-link';

/** An e-mail address rather than a web address (the owner's contact settings take either). */
export const isEmailContact = (contact: string) => !/^https?:\/\//i.test(contact) && contact.includes('@');

/** The owner's contact: a mail link for an e-mail address, else a link to their page in a new tab. */
export const ContactLink = ({ contact }: { contact: string }) =>
  isEmailContact(contact) ? (
    <a href={`mailto:${contact}`}>{contact}</a>
  ) : (
    <ExternalLink href={contact}>{contact.replace(/^https?:\/\//i, '').replace(/\/$/, '')}</ExternalLink>
  );
