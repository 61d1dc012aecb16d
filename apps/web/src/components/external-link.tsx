import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A link to another site: a new tab, no opener, and a spoken hint that it opens one. */
export const ExternalLink = ({
  href,
  children,
  className,
  onClick,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      {children}
      <span className="visually-hidden"> ({t('common.opensInNewTab')})</span>
    </a>
  );
};
