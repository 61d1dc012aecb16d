import type { Metadata } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { VotePanel } from '../../features/votes/vote-panel';

const FactionBar = ({ order, chaos }: { order: number; chaos: number }) => {
  const { t } = useTranslation();
  const total = order + chaos || 1;
  const orderShare = (order / total) * 100;
  return (
    <div className="faction-bar">
      <div className="faction-bar__labels">
        <span>
          {t('pane.order')} {order}%
        </span>
        <span>
          {t('pane.chaos')} {chaos}%
        </span>
      </div>
      {/* Drawn with SVG attributes, not style attributes: the pre-rendered page has no inline styles (CSP). */}
      <svg
        className="faction-bar__track"
        role="img"
        aria-label={t('pane.factionBalance', { order, chaos })}
        viewBox="0 0 100 14"
        preserveAspectRatio="none"
      >
        <defs>
          <linearGradient id="faction-order">
            <stop offset="0" stopColor="#2f6fd6" />
            <stop offset="1" stopColor="#5fa0ff" />
          </linearGradient>
          <linearGradient id="faction-chaos">
            <stop offset="0" stopColor="#d6452f" />
            <stop offset="1" stopColor="#8e2a1f" />
          </linearGradient>
        </defs>
        <rect x="0" y="0" width={orderShare} height="14" fill="url(#faction-order)" />
        <rect x={orderShare} y="0" width={100 - orderShare} height="14" fill="url(#faction-chaos)" />
      </svg>
    </div>
  );
};

/** Shown only above 1450 px, once metadata has loaded: server facts, chat, votes, social page. */
export const RightPane = ({ metadata }: { metadata: Metadata }) => {
  const { t } = useTranslation();
  return (
    <aside className="right-pane" aria-label={t('pane.label')}>
      <section className="pane-card">
        <dl className="pane-facts">
          <div>
            <dt>{t('pane.chronicle')}</dt>
            <dd>{metadata.chronicle}</dd>
          </div>
          <div>
            <dt>{t('pane.event')}</dt>
            <dd>{metadata.eventName}</dd>
          </div>
        </dl>
        <FactionBar order={metadata.orderPercent} chaos={metadata.chaosPercent} />
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
      <section className="pane-card">
        <VotePanel />
      </section>
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
