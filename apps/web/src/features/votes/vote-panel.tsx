import { LIMITS } from '@gatekeeper/contract/lite';
import { type FormEvent, Suspense, lazy, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, errorCodesOf } from '../../api/client';
import { useSiteData } from '../../shared/site-data';
import { useBrowserValue } from '../../shared/use-browser-value';
import { useDialog } from '../../components/dialog';
import { ExternalLink } from '../../components/external-link';
import {
  readCharNameCookie,
  readVoteRealmCookie,
  voteLink,
  writeCharNameCookie,
  writeVoteRealmCookie,
} from './vote-identifier';
import './vote-panel.css';
import { ScriptButton } from '../../components/script-button';

/** In its own chunk (with the captcha): only sites that reward votes need it. */
const VoteRewards = lazy(() => import('./vote-rewards'));

let ipv4Answer: Promise<string> | undefined;
/** One getipaddress call per page, however many vote panels the layout holds. */
const visitorIpv4 = () => (ipv4Answer ??= callApi('getIpAddress'));

/**
 * The vote panel: the vote reward character name (docs/product.md#vote-panel) and the ten vote
 * sites, each link carrying the character name or, without one, the visitor's IPv4. On a site of
 * several realms the panel asks the character's realm first (decision 049): the name is checked
 * in that realm, and the realm's own vote sites, when it has them, are the ones shown and asked.
 */
export const VotePanel = () => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  const showDialog = useDialog();
  const inputId = useId();
  const realmId = useId();
  // The pre-rendered page knows no cookie: the saved name shows once the page is hydrated.
  const stored = useBrowserValue(readCharNameCookie, '');
  const [savedNow, setSaved] = useState<string>();
  const saved = savedNow ?? stored;
  const [typed, setInput] = useState<string>();
  const input = typed ?? saved;
  const realms = metadata?.realms ?? [];
  const several = realms.length > 1;
  const known = (slug: string) => (realms.some((realm) => realm.slug === slug) ? slug : (realms[0]?.slug ?? ''));
  const storedRealm = useBrowserValue(readVoteRealmCookie, '');
  const [savedRealmNow, setSavedRealm] = useState<string>();
  const savedRealm = known(savedRealmNow ?? storedRealm);
  const [chosenRealm, setChosenRealm] = useState<string>();
  const realm = chosenRealm === undefined ? savedRealm : known(chosenRealm);
  const [ipv4, setIpv4] = useState('');
  const [processing, setProcessing] = useState(false);

  useEffect(() => {
    visitorIpv4().then(setIpv4, () => setIpv4(''));
  }, []);

  const accept = (name: string, inRealm: string) => {
    writeCharNameCookie(name);
    setSaved(name);
    setInput(name);
    if (several) writeVoteRealmCookie(inRealm);
    setSavedRealm(inRealm);
    setChosenRealm(inRealm);
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
    if (name === '' || (name === saved && realm === savedRealm)) {
      accept(name, realm);
      return;
    }
    setProcessing(true);
    try {
      // The name is looked for in the chosen realm's game database.
      const exists = await callApi('isCharacterExist', { query: several ? { name, realm } : { name } });
      if (exists) accept(name, realm);
      else showDialog({ tone: 'error', title: t('vote.errorTitle'), message: t('charDoesntExist') });
    } catch (error) {
      showDialog({ tone: 'error', title: t('vote.errorTitle'), message: t(errorCodesOf(error)[0] ?? 'ServerError') });
    } finally {
      setProcessing(false);
    }
  };

  if (!metadata) return null;
  /** A realm's own vote sites, or the site's. */
  const sitesOf = (slug: string) =>
    realms.find((candidate) => candidate.slug === slug)?.voteSites ?? metadata.voteSites;
  // No vote site anywhere: a name to vote with would lead nowhere (docs/product.md#vote-panel).
  if (realms.every((candidate) => sitesOf(candidate.slug).length === 0) && metadata.voteSites.length === 0) return null;
  // The sites of the saved character's realm: their links carry its name, their votes pay there.
  const voteSites = sitesOf(savedRealm);
  const claimable = voteSites.some((site) => site.rewarded === 'onClaim');
  const savedRealmName = realms.find((candidate) => candidate.slug === savedRealm)?.name ?? '';
  return (
    <section className="vote-panel" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="pane-heading">
        {t('vote.heading')}
      </h2>
      <p className="vote-panel__intro">{t('vote.intro')}</p>
      <form className="vote-panel__form" method="post" onSubmit={(event) => void submit(event)}>
        {several && (
          <>
            <label htmlFor={realmId}>{t('realms.field')}</label>
            <select
              id={realmId}
              name="realm"
              className="vote-panel__realm"
              value={realm}
              onChange={(event) => setChosenRealm(event.target.value)}
            >
              {realms.map((candidate) => (
                <option key={candidate.slug} value={candidate.slug}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </>
        )}
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
        {voteSites.map((site) => (
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
          <VoteRewards charName={saved} {...(several ? { realm: { slug: savedRealm, name: savedRealmName } } : {})} />
        </Suspense>
      )}
    </section>
  );
};
