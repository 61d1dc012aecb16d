import type { Metadata } from '@gatekeeper/contract/lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const FactionBar = ({ order, chaos }: { order: number; chaos: number }) => {
  const { t } = useTranslation();
  // Two bars on a page (the header's strip and the right pane): each its own gradient ids.
  const id = useId();
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
          <linearGradient id={`${id}order`}>
            <stop offset="0" stopColor="#2f6fd6" />
            <stop offset="1" stopColor="#5fa0ff" />
          </linearGradient>
          <linearGradient id={`${id}chaos`}>
            <stop offset="0" stopColor="#d6452f" />
            <stop offset="1" stopColor="#8e2a1f" />
          </linearGradient>
        </defs>
        <rect x="0" y="0" width={orderShare} height="14" fill={`url(#${id}order)`} />
        <rect x={orderShare} y="0" width={100 - orderShare} height="14" fill={`url(#${id}chaos)`} />
      </svg>
    </div>
  );
};

/**
 * The chronicle, the current event and the Order/Chaos bar: a card of the right pane above 1450 px,
 * a one-line strip under the header menu at 1450 px and narrower (decision 010).
 */
export const ServerFacts = ({ metadata, strip = false }: { metadata: Metadata; strip?: boolean }) => {
  const { t } = useTranslation();
  return (
    <div className={strip ? 'server-strip' : undefined}>
      <dl className={strip ? 'server-strip__facts' : 'pane-facts'}>
        <div>
          <dt>{strip ? t('shellFacts.chronicle') : t('pane.chronicle')}</dt>
          <dd>{metadata.chronicle}</dd>
        </div>
        <div>
          <dt>{strip ? t('shellFacts.event') : t('pane.event')}</dt>
          <dd>{metadata.eventName}</dd>
        </div>
      </dl>
      <FactionBar order={metadata.orderPercent} chaos={metadata.chaosPercent} />
    </div>
  );
};
