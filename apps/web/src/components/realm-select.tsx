import type { RealmFacts } from '@gatekeeper/contract/lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteData } from '../shared/site-data';
// The select is drawn as a form's field, also on a page without a form (the stream registration).
import './form/form.css';

/** The game server a tool acts in, as the player chose it (decision 049). */
export interface RealmChoice {
  /** The site's realms, in the settings' order; one on a site of one game server. */
  realms: readonly RealmFacts[];
  /** The chosen realm's slug: the first realm until the player picks another. */
  realm: string | undefined;
  choose: (slug: string) => void;
  /** What the call carries: `{ realm }` on a site of several realms, nothing on a site of one. */
  field: { realm?: string };
}

/**
 * The realm choice of a tool that names a character (the anonymous unblock and PIN, the referral
 * reward character, the stream registration): the first realm preselected, nothing remembered, so
 * the pre-rendered page and the hydrated one agree; on a site of one realm the calls stay as they were.
 */
export const useRealmChoice = (): RealmChoice => {
  const { metadata } = useSiteData();
  const realms = metadata?.realms ?? [];
  const [chosen, choose] = useState<string>();
  const realm = realms.some((candidate) => candidate.slug === chosen) ? chosen : realms[0]?.slug;
  return { realms, realm, choose, field: realms.length > 1 && realm ? { realm } : {} };
};

/** The "Game server" select, shown only on a site of several realms; `hint` a translated line under it. */
export const RealmSelect = ({
  choice,
  className,
  hint,
}: {
  choice: RealmChoice;
  className?: string;
  hint?: string;
}) => {
  const { t } = useTranslation();
  const id = useId();
  if (choice.realms.length < 2) return null;
  return (
    <div className={className ?? 'form-field'}>
      <label htmlFor={id}>{t('realms.field')}</label>
      <select
        id={id}
        name="realm"
        value={choice.realm}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => choice.choose(event.target.value)}
      >
        {choice.realms.map((realm) => (
          <option key={realm.slug} value={realm.slug}>
            {realm.name}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
};
