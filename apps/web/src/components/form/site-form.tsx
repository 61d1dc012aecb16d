import {
  CALLS,
  type CallName,
  type ErrorCode,
  FIELDS_AT_FAULT,
  type ResponseOf,
  PASSWORD_FLAG_KEYS,
  isErrorCode,
} from '@gatekeeper/contract/lite';
import { type ReactNode, useEffect, useRef } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callApi, errorCodesOf } from '../../api/client';
import { type DialogContent, useDialog } from '../dialog';
import { CaptchaField, type CaptchaHandle } from './captcha-field';
import type { FormDefinition } from './form-definition';
import { FormField } from './form-field';
import { CHECKLIST_KEYS, PasswordChecklist } from './password-checklist';
import { useSubmitGuard } from './use-submit-guard';
import './form.css';
import { ScriptButton } from '../script-button';

/** Dialogs of a form that does not answer with the account forms' error codes (the mail form). */
export interface FormDialogs {
  answer(answer: unknown): DialogContent;
  failure(error: unknown): DialogContent;
  /** The names of the fields that are not valid (the captcha among them when it is missing). */
  invalid(fields: string[]): DialogContent;
}

interface FormConfigBase<I extends FieldValues, O extends FieldValues, N extends CallName> {
  call: N;
  /** Model, fields and starting values (defineForm). */
  form: FormDefinition<I, O>;
  /** The field whose live checklist shows under it (the new password). */
  checklistFor?: Path<I>;
  submitLabel: string;
  /** Adds what the page knows but the player does not type (language, IPv6). */
  prepare?: (values: O) => Promise<O> | O;
  onSuccess?: (values: O) => void;
  /** False for a form without a captcha (its values then have no captcha field). */
  captcha?: boolean;
  /** Values filled in once known (the signed-in login) where the player has typed nothing yet. */
  prefill?: Partial<Record<string, string>>;
  /** Per field, values the browser offers (the signed-in account's characters). */
  suggestions?: Partial<Record<string, readonly string[]>>;
  /** Keeps what was typed after a success: the form is one step of several, and Back returns to it. */
  keepValues?: boolean;
  /** A submit that takes something away (switching the authenticator off): drawn as a danger, not gold. */
  submitTone?: 'danger';
  /** A button beside the submit that leaves the form unsent (a step the player changed their mind on). */
  cancel?: { label: string; onCancel: () => void };
  /** What the form asks before its fields, outside the model (the game server: components/realm-select.tsx). */
  leading?: ReactNode;
}

/** The account forms' dialogs (translated titles, error codes), or dialogs of the form's own. */
type FormOutcome<N extends CallName> =
  | {
      success: {
        title: string;
        message: string;
        /** Shows the call's text answer (e.g. a link) as a value to copy, with these button labels. */
        copyAnswer?: { label: string; copiedLabel: string };
      };
      failureTitle: string;
      dialogs?: undefined;
      onAnswer?: undefined;
    }
  | { dialogs: FormDialogs; success?: undefined; failureTitle?: undefined; onAnswer?: undefined }
  | {
      /** The page goes on by itself after a success (a sign-in step): no dialog, the answer is the page's. */
      onAnswer: (answer: ResponseOf<N>) => void;
      failureTitle: string;
      success?: undefined;
      dialogs?: undefined;
    };

export type SiteFormConfig<
  I extends FieldValues,
  O extends FieldValues,
  N extends CallName = CallName,
> = FormConfigBase<I, O, N> & FormOutcome<N>;

/** The error texts of an answer: its error codes; anything else is a server error. */
const errorTexts = (error: unknown, t: (key: string) => string): string[] => {
  const codes = errorCodesOf(error);
  return codes.length > 0 ? codes.map((code) => t(code)) : [t('ServerError')];
};

/** The answers that say the typed password itself was wrong: the form then empties its passwords. */
const PASSWORD_PROBLEMS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'wrongCredentials',
  'wrongUsernameOrPassword',
  ...PASSWORD_FLAG_KEYS,
  'passwordTooLong',
  'passwordInvalidCharacter',
  'confirmPassRequirements',
]);

/** The first of the form's fields that the refusal's codes are about. */
const fieldAtFault = (codes: readonly string[], names: readonly string[]): string | undefined => {
  for (const code of codes) {
    const found = (isErrorCode(code) ? FIELDS_AT_FAULT[code] : undefined)?.find((name) => names.includes(name));
    if (found) return found;
  }
  return undefined;
};

/**
 * The one form pattern of the site (docs/product.md#account-tabs): fields validated by the contract's
 * schema, errors shown once touched, a processing flag that ignores a second submit, the captcha,
 * the success and failure dialogs, and a reset after a success (a refusal keeps what was typed).
 */
export const SiteForm = <I extends FieldValues, O extends FieldValues, N extends CallName>({
  config,
}: {
  config: SiteFormConfig<I, O, N>;
}) => {
  const { t } = useTranslation();
  const showDialog = useDialog();
  const captcha = useRef<CaptchaHandle>(null);
  const { busy, start, finish } = useSubmitGuard();
  const { loadSchema, fields, defaults } = config.form;
  // The schemas load with the form's first use (its first focus), so a check never waits for them.
  const resolver: Resolver<I, unknown, O> = async (values, context, options) => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
    return zodResolver(schema)(values, context, options);
  };
  const startingValues = { ...defaults, ...(config.captcha !== false ? { captcha: '' } : {}) } as DefaultValues<I>;
  const form = useForm<I, unknown, O>({ resolver, defaultValues: startingValues, mode: 'onTouched' });
  const prefillKey = JSON.stringify(config.prefill ?? {});
  useEffect(() => {
    for (const [name, value] of Object.entries(JSON.parse(prefillKey) as Record<string, string>)) {
      if (!form.getValues(name as Path<I>)) form.setValue(name as Path<I>, value as PathValue<I, Path<I>>);
    }
  }, [prefillKey, form]);
  const warmUp = () => void Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).catch(() => undefined);
  const captchaError = form.formState.errors.captcha;
  const names = [...fields.map((spec) => spec.name as string), ...(config.captcha !== false ? ['captcha'] : [])];
  // Where the player goes on once a dialog is closed: the first field, or the one to correct.
  const focusField = (name: string) => () => {
    if (name === 'captcha') captcha.current?.focus();
    else form.setFocus(name as Path<I>);
  };
  const firstField = focusField(names[0] ?? 'captcha');

  const onValid = async (values: O) => {
    if (!start()) return;
    let refusal: unknown;
    let shownAtField: { name: Path<I>; code: string } | undefined;
    try {
      const input = config.prepare ? await config.prepare(values) : values;
      // A GET call (getreferrallink) carries the model in its query, the others in the body.
      const answer = await (callApi as (name: N, options: { body?: O; query?: O }) => Promise<ResponseOf<N>>)(
        config.call,
        CALLS[config.call].method === 'GET' ? { query: input } : { body: input },
      );
      config.onSuccess?.(values);
      if (config.onAnswer) {
        config.onAnswer(answer);
      } else if (config.dialogs) {
        showDialog({ ...config.dialogs.answer(answer), afterClose: firstField });
      } else {
        const { copyAnswer } = config.success;
        showDialog({
          tone: 'success',
          title: t(config.success.title),
          message: t(config.success.message),
          afterClose: firstField,
          ...(copyAnswer && typeof answer === 'string'
            ? {
                copyable: {
                  value: answer,
                  label: t(copyAnswer.label),
                  copiedLabel: t(copyAnswer.copiedLabel),
                  long: true,
                },
              }
            : {}),
        });
      }
    } catch (error) {
      refusal = error;
      const codes = errorCodesOf(error);
      const atFault = fieldAtFault(codes, names);
      showDialog({
        ...(config.dialogs
          ? config.dialogs.failure(error)
          : { tone: 'error', title: t(config.failureTitle), message: errorTexts(error, t) }),
        afterClose: atFault ? focusField(atFault) : firstField,
      });
      const code = codes.find((one) => isErrorCode(one) && FIELDS_AT_FAULT[one]?.includes(atFault ?? ''));
      if (atFault && atFault !== 'captcha' && code) shownAtField = { name: atFault as Path<I>, code };
    } finally {
      if (refusal === undefined) {
        if (!config.keepValues) form.reset(startingValues);
      } else {
        // A refusal keeps what the player typed: only the captcha is new, and the passwords go
        // only when the server says they were the problem.
        if (config.captcha !== false) form.setValue('captcha' as Path<I>, '' as PathValue<I, Path<I>>);
        if (errorCodesOf(refusal).some((code) => PASSWORD_PROBLEMS.has(code))) {
          for (const field of fields.filter((spec) => spec.type === 'password')) {
            form.setValue(field.name, '' as PathValue<I, Path<I>>);
          }
        }
        if (shownAtField) {
          // The field stays marked (and tells a screen reader why) until the player changes it; its
          // reason is not written again under it: the player read it in the dialog.
          form.setValue(shownAtField.name, form.getValues(shownAtField.name), { shouldTouch: true });
          form.setError(shownAtField.name, { type: 'server', message: shownAtField.code });
        }
      }
      captcha.current?.reset();
      finish();
    }
  };

  const onInvalid = (errors: FieldErrors<I>) => {
    for (const name of Object.keys(errors)) {
      form.setValue(name as Path<I>, form.getValues(name as Path<I>), { shouldTouch: true });
    }
    const firstInvalid = names.find((name) => name in errors);
    const afterClose = firstInvalid ? focusField(firstInvalid) : firstField;
    if (config.dialogs) {
      showDialog({ ...config.dialogs.invalid(Object.keys(errors)), afterClose });
      return;
    }
    const messages = [
      ...(Object.keys(errors).some((name) => name !== 'captcha') ? [t('formInvalid')] : []),
      ...(errors.captcha ? [t('CaptchaEmpty')] : []),
    ];
    showDialog({ tone: 'error', title: t(config.failureTitle), message: messages, afterClose });
  };

  const submit = (
    <ScriptButton
      type="submit"
      className={`button ${config.submitTone === 'danger' ? 'button--danger' : 'button--primary'} site-form__submit`}
      aria-busy={busy}
      disabled={busy}
    >
      {busy ? t('forms.processing') : t(config.submitLabel)}
    </ScriptButton>
  );

  return (
    // POST, and no submit before the script runs: a browser must never put a password in the address.
    <form
      className="site-form"
      method="post"
      noValidate
      onFocus={warmUp}
      onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
    >
      {config.leading}
      {fields.map((spec) => (
        <div key={spec.name}>
          <FormField
            form={form}
            spec={config.suggestions?.[spec.name] ? { ...spec, suggestions: config.suggestions[spec.name] } : spec}
            shownElsewhere={spec.name === config.checklistFor ? CHECKLIST_KEYS : undefined}
          />
          {spec.name === config.checklistFor && <PasswordChecklist control={form.control} name={spec.name} />}
        </div>
      ))}
      {config.captcha !== false && (
        <CaptchaField
          ref={captcha}
          invalid={Boolean(captchaError) && form.formState.isSubmitted}
          onToken={(token) =>
            form.setValue('captcha' as Path<I>, token as PathValue<I, Path<I>>, {
              shouldValidate: form.formState.isSubmitted,
            })
          }
        />
      )}
      {config.cancel ? (
        <div className="site-form__actions">
          {submit}
          <button type="button" className="button" onClick={config.cancel.onCancel}>
            {t(config.cancel.label)}
          </button>
        </div>
      ) : (
        submit
      )}
    </form>
  );
};
