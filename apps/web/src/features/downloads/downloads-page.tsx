import type { DownloadLink } from '@gatekeeper/contract/lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { recordRefEvent } from '../../api/ref-events';
import { useSiteData } from '../../shared/site-data';
import { ExternalLink } from '../../components/external-link';
import { Page, PageLoading } from '../../components/page';
import './downloads.css';

const UPDATERS = ['updater64', 'updater32'] as const;
const STEPS = ['download', 'unpack', 'run', 'play'] as const;

/** One updater: what it is for, its version and size when the owner gives them, and its link. */
const UpdaterCard = ({ id, link }: { id: (typeof UPDATERS)[number]; link: DownloadLink }) => {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <li className="download-card">
      <section aria-labelledby={headingId}>
        <h3 id={headingId} className="download-card__title">
          {t(`downloads.${id}.title`)}
        </h3>
        <p className="download-card__text">{t(`downloads.${id}.description`)}</p>
        {(link.version || link.size) && (
          <dl className="download-card__facts">
            {link.version && (
              <div>
                <dt>{t('downloads.version')}</dt>
                <dd>{link.version}</dd>
              </div>
            )}
            {link.size && (
              <div>
                <dt>{t('downloads.size')}</dt>
                <dd>{link.size}</dd>
              </div>
            )}
          </dl>
        )}
        {/* Every click counts as a download for the referral programme (docs/product.md#downloads). */}
        <ExternalLink href={link.url} className="button button--primary" onClick={() => recordRefEvent('downloaded')}>
          {t(`downloads.${id}.link`)}
        </ExternalLink>
      </section>
    </li>
  );
};

/** docs/product.md#downloads: the 64-bit and 32-bit updaters, each from the external file host. */
const DownloadsPage = () => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  const stepsId = useId();
  return (
    <Page title={t('pages.downloads')} className="downloads-page">
      <p>{t('downloads.intro')}</p>
      {metadata ? (
        <ul className="download-cards">
          {UPDATERS.map((id) => (
            <UpdaterCard key={id} id={id} link={metadata.downloads[id]} />
          ))}
        </ul>
      ) : metadata === null ? (
        <p className="page-notice">{t('ServerError')}</p>
      ) : (
        <PageLoading />
      )}
      <section aria-labelledby={stepsId}>
        <h3 id={stepsId} className="downloads-steps__title">
          {t('downloads.steps.heading')}
        </h3>
        <ol className="downloads-steps">
          {STEPS.map((step) => (
            <li key={step}>{t(`downloads.steps.${step}`)}</li>
          ))}
        </ol>
      </section>
    </Page>
  );
};

export default DownloadsPage;
