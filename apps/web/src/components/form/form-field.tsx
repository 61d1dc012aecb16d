import { type InputHTMLAttributes, useEffect, useId, useRef } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export interface FieldSpec<V extends FieldValues> {
  name: Path<V>;
  /** Translation key of the label. */
  label: string;
  /** An input of this type, or a select, a radio group (options) or a textarea. */
  type?: 'text' | 'password' | 'email' | 'datetime-local' | 'select' | 'radio' | 'textarea';
  /** The choices of a select or radio group: the value sent and the translation key shown. */
  options?: readonly { value: string; label: string }[];
  /** Visible lines of a textarea. */
  rows?: number;
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** Translation key of a hint under the field. */
  hint?: string;
  /** Values for the placeholders of the label, hint and error texts (e.g. an amount's limits). */
  textValues?: Record<string, string | number>;
  /**
   * The error takes the hint's place instead of adding a line: nothing below the field moves when
   * it turns invalid on blur, so a click on the button below still lands on the button.
   */
  errorReplacesHint?: boolean;
  /** Values the browser offers as the player types (a datalist): the signed-in account's characters. */
  suggestions?: readonly string[];
}

/**
 * What a player typed into the pre-rendered page before its script ran is kept: the form takes the
 * element's value once, instead of putting its empty starting value back over it.
 */
const useKeepTypedBeforeHydration = (
  element: { current: { value: string } | null },
  field: { value: unknown; onChange: (value: string) => void },
) => {
  const onChange = useRef(field.onChange);
  const initial = useRef(field.value);
  useEffect(() => {
    const typed = element.current?.value;
    if (typed && typed !== (initial.current ?? '')) onChange.current(typed);
  }, [element]);
};

/**
 * A labelled input bound to the form. Its error (a translation key from the contract's rules)
 * shows only once the field was touched and is invalid, and is tied to the input for readers.
 */
export const FormField = <V extends FieldValues, T extends FieldValues>({
  form,
  spec,
  shownElsewhere = [],
}: {
  form: UseFormReturn<V, unknown, T>;
  spec: FieldSpec<V>;
  /** Error keys another element already shows (the password checklist). */
  shownElsewhere?: readonly string[];
}) => {
  const { t } = useTranslation();
  const id = useId();
  const element = useRef<{ value: string } | null>(null);
  const { field, fieldState } = useController({ control: form.control, name: spec.name });
  useKeepTypedBeforeHydration(element, field);
  const message = fieldState.error?.message;
  const showError = fieldState.isTouched && message && !shownElsewhere.includes(message) ? message : undefined;
  const hint = showError && spec.errorReplacesHint ? undefined : spec.hint;
  const describedBy = [hint && `${id}-hint`, showError && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const invalid = fieldState.isTouched && message ? true : undefined;
  const value = (field.value as string | undefined) ?? '';
  const className = `form-field${invalid ? ' form-field--invalid' : ''}`;
  const below = (
    <>
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {t(hint, spec.textValues)}
        </p>
      )}
      {showError && (
        // A server's refusal was read in its dialog: here it only tells a screen reader why the field is marked.
        <p id={`${id}-error`} className={fieldState.error?.type === 'server' ? 'visually-hidden' : 'form-field__error'}>
          {t(showError, spec.textValues)}
        </p>
      )}
    </>
  );
  if (spec.type === 'radio') {
    return (
      <fieldset className={`${className} form-field--choices`} aria-describedby={describedBy}>
        <legend>{t(spec.label, spec.textValues)}</legend>
        <div className="form-field__choices">
          {spec.options?.map((option) => (
            <label key={option.value} className="form-field__choice">
              <input
                type="radio"
                name={field.name}
                value={option.value}
                checked={value === option.value}
                onChange={() => field.onChange(option.value)}
                onBlur={field.onBlur}
                ref={value === option.value ? field.ref : undefined}
              />
              {t(option.label)}
            </label>
          ))}
        </div>
        {below}
      </fieldset>
    );
  }
  const common = {
    id,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
    ...field,
    value,
    ref: (node: HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement) => {
      field.ref(node);
      element.current = node;
    },
  };
  return (
    <div className={className}>
      <label htmlFor={id}>{t(spec.label, spec.textValues)}</label>
      {spec.type === 'select' ? (
        <select {...common}>
          {spec.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label)}
            </option>
          ))}
        </select>
      ) : spec.type === 'textarea' ? (
        <textarea {...common} rows={spec.rows} maxLength={spec.maxLength} />
      ) : (
        <input
          {...common}
          type={spec.type ?? 'text'}
          autoComplete={spec.autoComplete}
          inputMode={spec.inputMode}
          maxLength={spec.maxLength}
          list={spec.suggestions?.length ? `${id}-suggestions` : undefined}
        />
      )}
      {spec.suggestions && spec.suggestions.length > 0 && (
        <datalist id={`${id}-suggestions`}>
          {spec.suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
      {below}
    </div>
  );
};
