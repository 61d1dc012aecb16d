import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_FLAG_KEYS } from '@gatekeeper/contract';
import { CALLS, type CallName } from '@gatekeeper/contract/lite';
import { useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CallError, callApi } from '../../api/client';
import { type DialogContent, useDialog } from '../dialog';
import { CaptchaField, type CaptchaHandle } from './captcha-field';
import { type FieldSpec, FormField } from './form-field';
import { PasswordChecklist } from './password-checklist';
import './form.css';

/** Dialogs of a form that does not answer with the account forms' error codes (the mail form). */
export interface FormDialogs {
  answer(answer: unknown): DialogContent;
  failure(error: unknown): DialogContent;
  invalid: DialogContent;
}

interface FormConfigBase<V extends FieldValues> {
  call: CallName;
  schema: z.ZodType<V, V>;
  fields: FieldSpec<V>[];
  /** The field whose live checklist shows under it (the new password). */
  checklistFor?: Path<V>;
  defaults: DefaultValues<V>;
  submitLabel: string;
  /** Adds what the page knows but the player does not type (language, IPv6). */
  prepare?: (values: V) => Promise<V> | V;
  onSuccess?: (values: V) => void;
  /** False for a form without a captcha (its values then have no captcha field). */
  captcha?: boolean;
}

/** The account forms' dialogs (translated titles, error codes), or dialogs of the form's own. */
type FormOutcome =
  | {
      success: {
        title: string;
        message: string;
        /** Shows the call's text answer (e.g. a link) as a value to copy, with these button labels. */
        copyAnswer?: { label: string; copiedLabel: string };
      };
      failureTitle: string;
      dialogs?: undefined;
    }
  | { dialogs: FormDialogs; success?: undefined; failureTitle?: undefined };

export type AccountFormConfig<V extends FieldValues> = FormConfigBase<V> & FormOutcome;

/** The error texts of an answer: a list of codes or one key; anything else is a server error. */
const errorTexts = (error: unknown, t: (key: string) => string): string[] => {
  if (error instanceof CallError && error.status >= 400 && error.status < 500) {
    const codes = Array.isArray(error.body) ? error.body : typeof error.body === 'string' ? [error.body] : [];
    const texts = codes.filter((code): code is string => typeof code === 'string').map((code) => t(code));
    if (texts.length > 0) return texts;
  }
  return [t('ServerError')];
};

/**
 * The one form pattern of the site (SPEC sections 4, 5 and 8): fields validated by the contract's
 * schema, errors shown once touched, a processing flag that ignores a second submit, the captcha,
 * the success and failure dialogs, and a reset after every valid submit.
 */
export const AccountForm = <V extends FieldValues>({ config }: { config: AccountFormConfig<V> }) => {
  const { t } = useTranslation();
  const showDialog = useDialog();
  const captcha = useRef<CaptchaHandle>(null);
  const processing = useRef(false);
  const [busy, setBusy] = useState(false);
  const form = useForm<V>({ resolver: zodResolver(config.schema), defaultValues: config.defaults, mode: 'onTouched' });
  const captchaError = form.formState.errors.captcha;

  const onValid = async (values: V) => {
    if (processing.current) return;
    processing.current = true;
    setBusy(true);
    try {
      const input = config.prepare ? await config.prepare(values) : values;
      // A GET call (getreferrallink) carries the model in its query, the others in the body.
      const answer = await (callApi as (name: CallName, options: { body?: V; query?: V }) => Promise<unknown>)(
        config.call,
        CALLS[config.call].method === 'GET' ? { query: input } : { body: input },
      );
      config.onSuccess?.(values);
      if (config.dialogs) {
        showDialog(config.dialogs.answer(answer));
      } else {
        const { copyAnswer } = config.success;
        showDialog({
          tone: 'success',
          title: t(config.success.title),
          message: t(config.success.message),
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
      showDialog(
        config.dialogs
          ? config.dialogs.failure(error)
          : { tone: 'error', title: t(config.failureTitle), message: errorTexts(error, t) },
      );
    } finally {
      form.reset(config.defaults);
      captcha.current?.reset();
      processing.current = false;
      setBusy(false);
    }
  };

  const onInvalid = (errors: FieldErrors<V>) => {
    for (const name of Object.keys(errors)) {
      form.setValue(name as Path<V>, form.getValues(name as Path<V>), { shouldTouch: true });
    }
    if (config.dialogs) {
      showDialog(config.dialogs.invalid);
      return;
    }
    const messages = [
      ...(Object.keys(errors).some((name) => name !== 'captcha') ? [t('formInvalid')] : []),
      ...(errors.captcha ? [t('CaptchaEmpty')] : []),
    ];
    showDialog({ tone: 'error', title: t(config.failureTitle), message: messages });
  };

  return (
    <form className="account-form" noValidate onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}>
      {config.fields.map((spec) => (
        <div key={spec.name}>
          <FormField
            form={form}
            spec={spec}
            shownElsewhere={spec.name === config.checklistFor ? PASSWORD_FLAG_KEYS : undefined}
          />
          {spec.name === config.checklistFor && <PasswordChecklist control={form.control} name={spec.name} />}
        </div>
      ))}
      {config.captcha !== false && (
        <CaptchaField
          ref={captcha}
          invalid={Boolean(captchaError) && form.formState.isSubmitted}
          onToken={(token) =>
            form.setValue('captcha' as Path<V>, token as PathValue<V, Path<V>>, {
              shouldValidate: form.formState.isSubmitted,
            })
          }
        />
      )}
      <button type="submit" className="button button--primary account-form__submit" aria-busy={busy} disabled={busy}>
        {busy ? t('forms.processing') : t(config.submitLabel)}
      </button>
    </form>
  );
};
