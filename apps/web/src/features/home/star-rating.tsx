import { useTranslation } from 'react-i18next';
import { useFormats } from '../../shared/formats';

/** 0-5 stars, half stars shown as such; read as "Rated 4.5 out of 5". */
export const StarRating = ({ rating }: { rating: number }) => {
  const { t } = useTranslation();
  const format = useFormats();
  const value = Math.min(5, Math.max(0, rating));
  const spoken = format.number(value, { max: 1 });
  return (
    <span className="star-rating" role="img" aria-label={t('gallery.rating', { rating: spoken })}>
      <span className="star-rating__fill" style={{ width: `${(value / 5) * 100}%` }} />
    </span>
  );
};
