import { CLAN_EMBLEM_PATH, type ClanView, clanCrestHref, matchClanPage } from '@gatekeeper/contract/lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { Page } from '../../components/page';
import { Link } from '../../shared/navigation';
import { useGameNames } from '../../shared/game-names';
import { useSiteData } from '../../shared/site-data';
import { useFormats } from '../../shared/formats';
import { useLanguage } from '../../shared/use-language';
import { useRealm } from '../../shared/use-realm';
import './clans.css';

type Loaded = { name: string; clan: ClanView | null } | { name: string; failed: true };

/**
 * The clan of the address: the one the server rendered the page with, else getclan's answer
 * (undefined while it loads; null for a name no clan has).
 */
const useClan = (name: string, attempt: number, realm: string | undefined): ClanView | null | 'failed' | undefined => {
  const { initialClan } = useSiteData();
  const given = initialClan && initialClan.name.toLowerCase() === name.toLowerCase() ? initialClan : undefined;
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    if (given || name === '') return;
    const controller = new AbortController();
    callApi('getClan', { query: realm ? { name, realm } : { name }, signal: controller.signal }).then(
      (clan) => setLoaded({ name, clan }),
      () => {
        if (!controller.signal.aborted) setLoaded({ name, failed: true });
      },
    );
    return () => controller.abort();
  }, [given, name, attempt, realm]);
  if (given) return given;
  if (loaded?.name !== name) return undefined;
  return 'failed' in loaded ? 'failed' : loaded.clan;
};

const Crest = ({ clan }: { clan: ClanView }) => {
  const { t } = useTranslation();
  const { realm } = useRealm();
  const src =
    clan.crestId === null
      ? CLAN_EMBLEM_PATH
      : `${clanCrestHref(clan.crestId)}${realm ? `&realm=${encodeURIComponent(realm)}` : ''}`;
  const alt = clan.crestId === null ? t('clan.noCrest', { clan: clan.name }) : t('clan.crest', { clan: clan.name });
  return <img className="clan-crest" src={src} alt={alt} width={48} height={48} data-crest={clan.crestId ?? 'none'} />;
};

const ClanFacts = ({ clan }: { clan: ClanView }) => {
  const { t } = useTranslation();
  const castleName = useGameNames('castles');
  const format = useFormats();
  const facts: [string, string][] = [
    [t('clan.leader'), clan.leader || t('clan.none')],
    [t('clan.level'), format.number(clan.level)],
    [t('clan.reputation'), format.number(clan.reputation)],
    [t('clan.alliance'), clan.alliance ?? t('clan.none')],
    [t('clan.castle'), clan.castleId === null ? t('clan.none') : castleName(clan.castleId)],
    [
      t('clan.online'),
      t('clan.onlineOf', {
        online: format.number(clan.online),
        members: format.number(clan.members.length),
        count: clan.members.length,
      }),
    ],
  ];
  return (
    <div className="clan-summary">
      <Crest clan={clan} />
      <dl className="clan-facts">
        {facts.map(([term, value]) => (
          <div key={term} className="clan-facts__item">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
};

const MemberStatus = ({ online, className }: { online: boolean; className?: string }) => {
  const { t } = useTranslation();
  return (
    <span
      className={[`clan-status clan-status--${online ? 'online' : 'offline'}`, className].filter(Boolean).join(' ')}
    >
      {t(online ? 'clan.isOnline' : 'clan.isOffline')}
    </span>
  );
};

const MemberTable = ({ clan }: { clan: ClanView }) => {
  const { t } = useTranslation();
  const className = useGameNames('classes');
  return (
    <table className="clan-members">
      <caption className="clan-members__caption">
        {t('clan.membersOf', { clan: clan.name, count: clan.members.length })}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('clan.member')}</th>
          <th scope="col">{t('clan.class')}</th>
          <th scope="col" className="clan-members__number">
            {t('clan.level')}
          </th>
          <th scope="col" className="clan-members__status">
            {t('clan.status')}
          </th>
        </tr>
      </thead>
      <tbody>
        {clan.members.map((member) => (
          <tr key={member.name}>
            <th scope="row">
              {member.name}
              {member.name === clan.leader && <span className="clan-members__leader"> · {t('clan.leader')}</span>}
              {/* A phone has no room for a fourth column: the status goes under the name. */}
              <MemberStatus online={member.online} className="clan-members__status-under" />
            </th>
            <td>{className(member.classId)}</td>
            <td className="clan-members__number">{member.level}</td>
            <td className="clan-members__status">
              <MemberStatus online={member.online} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};

/** A clan's page (docs/product.md#clan-page): its facts, crest and members. */
export const ClanPage = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { path, realm } = useRealm();
  const name = matchClanPage(path)?.name ?? '';
  const [attempt, setAttempt] = useState(0);
  const clan = useClan(name, attempt, realm);
  const back = (
    <p className="clan-back">
      <Link to={href('statisticsClans')} className="link-target">
        {t('clan.allClans')}
      </Link>
    </p>
  );
  if (clan === undefined || clan === 'failed' || clan === null) {
    return (
      <Page title={name} className="clan-page">
        {clan === 'failed' ? (
          <div className="page-notice" role="alert">
            <p>{t('clan.loadFailed')}</p>
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              {t('statistics.retry')}
            </button>
          </div>
        ) : (
          <p className="page-notice" role="status">
            {clan === null ? t('clan.notFound', { clan: name }) : t('common.loading')}
          </p>
        )}
        {back}
      </Page>
    );
  }
  return (
    <Page title={clan.name} className="clan-page">
      <p className="clan-kicker">{t('clan.kicker')}</p>
      <ClanFacts clan={clan} />
      <MemberTable clan={clan} />
      {back}
    </Page>
  );
};

export default ClanPage;
