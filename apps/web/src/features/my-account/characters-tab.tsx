import type { AccountAnswer, AccountCharacter } from '@gatekeeper/contract/lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteForm } from '../../components/form/site-form';
import { useGameNames } from '../../shared/game-names';
import { useSiteData } from '../../shared/site-data';
import { hoursAndMinutes, useFormats } from './formats';
import { MY_ACCOUNT_FORMS } from './my-account-forms';

/** One character: its facts, and the tools that need no login and password typed again. */
const CharacterCard = ({
  character,
  pincode,
  realm,
}: {
  character: AccountCharacter;
  pincode: boolean;
  /** The character's realm on a site of several (decision 049). */
  realm?: string;
}) => {
  const formats = useFormats();
  const { t } = useTranslation();
  const played = hoursAndMinutes(character.timePlayedSeconds);
  const className = useGameNames('classes');
  // One definition per character for the forms' lifetime (the starting values hold its name).
  const forms = useMemo(
    () => ({
      unblock: MY_ACCOUNT_FORMS.unblock(character.name, realm),
      pincode: MY_ACCOUNT_FORMS.pincode(character.name, realm),
    }),
    [character.name, realm],
  );
  const id = `character-${realm ? `${realm}-` : ''}${character.name}`;
  const facts: [string, string][] = [
    [t('myAccount.characters.class'), className(character.classId)],
    [t('myAccount.characters.level'), String(character.level)],
    [t('myAccount.characters.clan'), character.clan || t('myAccount.characters.noClan')],
    [
      t('myAccount.characters.lastSeen'),
      character.lastSeen === null ? t('myAccount.overview.unknown') : formats.dateTime(character.lastSeen),
    ],
    [t('myAccount.characters.pvpPk'), `${character.pvp} / ${character.pk}`],
    [t('myAccount.characters.played'), t('myAccount.characters.playedValue', played)],
  ];
  return (
    <li className="my-account__character" aria-labelledby={id}>
      <h4 id={id}>
        {character.name}{' '}
        <span className={`my-account__online my-account__online--${character.online ? 'on' : 'off'}`}>
          {character.online ? t('myAccount.characters.online') : t('myAccount.characters.offline')}
        </span>
      </h4>
      <dl className="my-account__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="my-account__character-tools">
        <SiteForm
          config={{
            call: 'unblockOwnCharacter',
            form: forms.unblock,
            captcha: false,
            submitLabel: 'forms.submit.unblockCharacter',
            success: { title: 'charUnblocked', message: 'charUnblockMessage' },
            failureTitle: 'charUnblockFailed',
          }}
        />
        {pincode && (
          <SiteForm
            config={{
              call: 'changeOwnPincode',
              form: forms.pincode,
              captcha: false,
              submitLabel: 'forms.submit.changePincode',
              success: { title: 'pincodeChanged', message: 'pincodeChangeSucceeded' },
              failureTitle: 'pincodeChangeFailed',
            }}
          />
        )}
      </div>
    </li>
  );
};

/**
 * The account's characters; on a site of several realms (decision 049), grouped by realm under
 * its name, each character's tools acting in its own realm.
 */
export const CharactersTab = ({ account }: { account: AccountAnswer }) => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  const pincode = metadata?.accountTools.pincode !== false;
  if (account.realms && account.realms.length > 1) {
    const nameOf = (slug: string) => metadata?.realms.find((realm) => realm.slug === slug)?.name || slug;
    return (
      <div className="my-account__realms">
        {account.realms.map((group) => (
          <section key={group.slug} aria-labelledby={`realm-${group.slug}`}>
            <h3 id={`realm-${group.slug}`}>{t('realms.charactersOn', { realm: nameOf(group.slug) })}</h3>
            {!group.available ? (
              <p role="status">{t('serviceUnavailable')}</p>
            ) : group.characters.length === 0 ? (
              <p>{t('myAccount.characters.none')}</p>
            ) : (
              <ul className="my-account__characters">
                {group.characters.map((character) => (
                  <CharacterCard key={character.name} character={character} pincode={pincode} realm={group.slug} />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    );
  }
  if (account.characters.length === 0) return <p>{t('myAccount.characters.none')}</p>;
  return (
    <ul className="my-account__characters">
      {account.characters.map((character) => (
        <CharacterCard key={character.name} character={character} pincode={pincode} />
      ))}
    </ul>
  );
};
