import { LIMITS } from '@gatekeeper/contract/lite';
import { type FormEvent, Suspense, lazy, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, errorCodesOf } from '../../api/client';
import { useSiteData } from '../../shared/site-data';
import { useBrowserValue } from '../../shared/use-browser-value';
import { useDialog } from '../../components/dialog';
import { ExternalLink } from '../../components/external-link';
import { readCharNameCookie, voteLink, writeCharNameCookie } from './vote-identifier';
import './vote-panel.css';
import { ScriptButton } from '../../components/script-button';

/** In its own chunk (with the captcha): only sites that reward votes need it. */
const VoteRewards = lazy(() => import('./vote-rewards'));

let ipv4Answer: Promise<string> | undefined;
/** One getipaddress call per page, however many vote panels the layout holds. */
const visitorIpv4 = () => (ipv4Answer ??= callApi('getIpAddress'));

/**
 * The vote panel: the vote reward character name (docs/product.md#vote-panel) and the ten vote
 * sites, each link carrying the character name or, without one, the visitor's IPv4.
 */
export const VotePanel = () => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  const showDialog = useDialog();
  const inputId = useId();
  // The pre-rendered page knows no cookie: the saved name shows once the page is hydrated.
  const stored = useBrowserValue(readCharNameCookie, '');
  const [savedNow, setSaved] = useState<string>();
  const saved = savedNow ?? stored;
  const [typed, setInput] = useState<string>();
  const input = typed ?? saved;
  const [ipv4, setIpv4] = useState('');
  const [processing, setProcessing] = useState(false);

  useEffect(() => {
    visitorIpv4().then(setIpv4, () => setIpv4(''));
  }, []);

  const accept = (name: string) => {
    writeCharNameCookie(name);
    setSaved(name);
    setInput(name);
    showDialog({
      tone: 'success',
      title: t('vote.successTitle'),
      message: t('vote.nameSet', { identifier: name || ipv4 }),
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const name = input.trim();
    if (name === '' || name === saved) {
      accept(name);
      return;
    }
    setProcessing(true);
    try {
      const exists = await callApi('isCharacterExist', { query: { name } });
      if (exists) accept(name);
      else showDialog({ tone: 'error', title: t('vote.errorTitle'), message: t('charDoesntExist') });
    } catch (error) {
      showDialog({ tone: 'error', title: t('vote.errorTitle'), message: t(errorCodesOf(error)[0] ?? 'ServerError') });
    } finally {
      setProcessing(false);
    }
  };

  // No vote site: a name to vote with would lead nowhere (docs/product.md#vote-panel).
  if (!metadata || metadata.voteSites.length === 0) return null;
  const claimable = metadata.voteSites.some((site) => site.rewarded === 'onClaim');
  return (
    <section className="vote-panel" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="pane-heading">
        {t('vote.heading')}
      </h2>
      <p className="vote-panel__intro">{t('vote.intro')}</p>
      <form className="vote-panel__form" method="post" onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId}>{t('vote.charNameLabel')}</label>
        <div className="vote-panel__row">
          <input
            id={inputId}
            name="charName"
            autoComplete="off"
            value={input}
            maxLength={LIMITS.charNameMax}
            onChange={(event) => setInput(event.target.value)}
          />
          <ScriptButton type="submit" className="button" aria-busy={processing}>
            {saved ? t('vote.change') : t('vote.apply')}
          </ScriptButton>
        </div>
      </form>
      <ul className="vote-panel__sites">
        {metadata.voteSites.map((site) => (
          <li key={site.name}>
            <ExternalLink href={voteLink(site, saved, ipv4)} className="vote-panel__site">
              <img
                src={site.banner}
                alt={t('vote.siteAlt', { name: site.name })}
                width={88}
                height={31}
                loading="lazy"
              />
            </ExternalLink>
            {site.rewarded && <span className="vote-panel__rewarded">{t('vote.rewardedSite')}</span>}
          </li>
        ))}
      </ul>
      {claimable && (
        <Suspense fallback={null}>
          <VoteRewards charName={saved} />
        </Suspense>
      )}
    </section>
  );
};
