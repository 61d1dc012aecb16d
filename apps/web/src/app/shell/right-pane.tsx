import type { Metadata } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { VotePanel } from '../../features/votes/vote-panel';
import { ServerFacts } from './server-facts';

/** Shown only above 1450 px, once metadata has loaded: server facts, chat, votes, social page. */
export const RightPane = ({ metadata }: { metadata: Metadata }) => {
  const { t } = useTranslation();
  return (
    <aside className="right-pane" aria-label={t('pane.label')}>
      <section className="pane-card">
        <ServerFacts metadata={metadata} />
      </section>
      <section className="pane-card" aria-label={t('pane.chat')}>
        <h2 className="pane-heading">{t('pane.chat')}</h2>
        {metadata.discordWidgetId ? (
          <iframe
            className="pane-embed"
            title={t('pane.chat')}
            src={`https://discord.com/widget?id=${encodeURIComponent(metadata.discordWidgetId)}&theme=dark`}
            width={350}
            height={420}
            loading="lazy"
            sandbox="allow-popups allow-popups-to-escape-sandbox allow-same-origin allow-scripts"
          />
        ) : (
          <p className="pane-muted">{t('pane.chatNotSet')}</p>
        )}
      </section>
      {metadata.voteSites.length > 0 && (
        <section className="pane-card">
          <VotePanel />
        </section>
      )}
      {metadata.facebookPageUrl && (
        <section className="pane-card" aria-label={t('pane.social')}>
          <h2 className="pane-heading">{t('pane.social')}</h2>
          <iframe
            className="pane-embed"
            title={t('pane.social')}
            src={`https://www.facebook.com/plugins/page.php?href=${encodeURIComponent(metadata.facebookPageUrl)}&tabs=timeline&width=340&height=420`}
            width={340}
            height={420}
            loading="lazy"
          />
        </section>
      )}
    </aside>
  );
};
