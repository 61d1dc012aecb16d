import { DEFAULT_METADATA_TEXT, type Metadata } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { useSiteData } from '../../shared/site-data';
import './home-hero.css';

/** The server sends "N/A" (or nothing) when the owner has not named the chronicle. */
const hasChronicle = (chronicle: string) => chronicle.trim() !== '' && chronicle !== DEFAULT_METADATA_TEXT;

const RATE_KEYS = ['exp', 'sp', 'adena', 'drop'] as const;

/** The game's rates as x1, x5...; a rate the owner did not set is not shown. */
export const Rates = ({ rates }: { rates: Metadata['rates'] }) => {
  const { t } = useTranslation();
  const set = RATE_KEYS.filter((key) => rates[key] !== undefined);
  if (set.length === 0) return null;
  return (
    <dl className="home-hero__rates" aria-label={t('shellFacts.rates')}>
      {set.map((key) => (
        <div key={key} className="home-hero__rate">
          <dt>{t(`shellFacts.${key}`)}</dt>
          <dd>x{rates[key]}</dd>
        </div>
      ))}
    </dl>
  );
};

/** What the server is, on the home page's artwork: its name, chronicle and rates. */
export const HomeHero = () => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  return (
    <div className="home-hero">
      <p className="home-hero__kicker">{t('site.kicker')}</p>
      <h1 className="home-hero__title">{t('site.name')}</h1>
      <p className="home-hero__tagline">
        {!metadata
          ? t('site.taglineShort')
          : hasChronicle(metadata.chronicle)
            ? t('site.tagline', { chronicle: metadata.chronicle })
            : t('site.taglineNoChronicle')}
      </p>
      {metadata && <Rates rates={metadata.rates} />}
    </div>
  );
};
