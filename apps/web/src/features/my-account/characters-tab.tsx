import type { AccountAnswer, AccountCharacter } from '@gatekeeper/contract/lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteForm } from '../../components/form/site-form';
import { useGameNames } from '../../shared/game-names';
import { useSiteData } from '../../shared/site-data';
import { hoursAndMinutes, useFormats } from './formats';
import { MY_ACCOUNT_FORMS } from './my-account-forms';

/** One character: its facts, and the tools that need no login and password typed again. */
const CharacterCard = ({ character, pincode }: { character: AccountCharacter; pincode: boolean }) => {
  const formats = useFormats();
  const { t } = useTranslation();
  const played = hoursAndMinutes(character.timePlayedSeconds);
  const className = useGameNames('classes');
  // One definition per character for the forms' lifetime (the starting values hold its name).
  const forms = useMemo(
    () => ({ unblock: MY_ACCOUNT_FORMS.unblock(character.name), pincode: MY_ACCOUNT_FORMS.pincode(character.name) }),
    [character.name],
  );
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
    <li className="my-account__character" aria-labelledby={`character-${character.name}`}>
      <h4 id={`character-${character.name}`}>
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

export const CharactersTab = ({ account }: { account: AccountAnswer }) => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  if (account.characters.length === 0) return <p>{t('myAccount.characters.none')}</p>;
  return (
    <ul className="my-account__characters">
      {account.characters.map((character) => (
        <CharacterCard key={character.name} character={character} pincode={metadata?.accountTools.pincode !== false} />
      ))}
    </ul>
  );
};
