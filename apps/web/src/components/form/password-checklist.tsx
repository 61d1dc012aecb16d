import Check from 'lucide-react/icons/check';
import X from 'lucide-react/icons/x';
import { PASSWORD_FLAG_KEYS, hasForbiddenPasswordCharacter, passwordFlags } from '@gatekeeper/contract/lite';
import { useId } from 'react';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** What the checklist says itself, so the field does not repeat it. */
export const CHECKLIST_KEYS = [...PASSWORD_FLAG_KEYS, 'passwordInvalidCharacter'] as const;

/**
 * The live checklist under newPassRequirements: every flag starts unmet and is checked again on
 * each keystroke of the new password; a forbidden character is called out as soon as it is typed.
 */
export const PasswordChecklist = <V extends FieldValues, T extends FieldValues>({
  control,
  name,
}: {
  control: Control<V, unknown, T>;
  name: Path<V>;
}) => {
  const { t } = useTranslation();
  const headingId = useId();
  const password = useWatch({ control, name }) as string | undefined;
  const flags = passwordFlags(password ?? '');
  const forbidden = hasForbiddenPasswordCharacter(password ?? '');
  return (
    <div className="password-checklist">
      <p id={headingId} className="password-checklist__heading">
        {t('newPassRequirements')}
      </p>
      <ul aria-labelledby={headingId}>
        {PASSWORD_FLAG_KEYS.map((key) => (
          <li key={key} className={flags[key] ? 'is-unmet' : 'is-met'} data-met={!flags[key]}>
            {flags[key] ? (
              <X className="password-checklist__icon" aria-hidden="true" />
            ) : (
              <Check className="password-checklist__icon" aria-hidden="true" />
            )}{' '}
            {t(key)}
            <span className="visually-hidden">
              : {t(flags[key] ? 'forms.requirementUnmet' : 'forms.requirementMet')}
            </span>
          </li>
        ))}
      </ul>
      <p className="password-checklist__forbidden" role="status">
        {forbidden && <span className="is-unmet">{t('passwordInvalidCharacter')}</span>}
      </p>
    </div>
  );
};
