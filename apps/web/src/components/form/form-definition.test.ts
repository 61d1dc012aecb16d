import { recoverPasswordModel } from '@gatekeeper/contract';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FORMS } from '../../features/account/account-pages';
import { MAIL_FORM } from '../../features/mail/mail-page';
import { REFERRAL_FORM } from '../../features/referral/referral-page';
import { FIELDS } from './fields';
import { type FormDefinition, type ObjectModel, defineForm } from './form-definition';

const FORMS = { ...ACCOUNT_FORMS, mail: MAIL_FORM, referral: REFERRAL_FORM } as Record<
  string,
  FormDefinition<Record<string, unknown>, Record<string, unknown>>
>;

describe('defineForm', () => {
  it('starts every shown field empty, or at the preset given', () => {
    const form = defineForm(async () => recoverPasswordModel, [FIELDS.username, FIELDS.email]);
    expect(form.defaults).toEqual({ username: '', email: '' });
    expect(MAIL_FORM.defaults).toMatchObject({ version: '', registeredOnly: 'No', testEmails: '' });
  });

  it.each(Object.keys(FORMS))("starts the %s form where its model's own defaults say", async (name) => {
    const form = FORMS[name];
    if (!form) throw new Error(name);
    const model = (await form.loadSchema()) as unknown as ObjectModel<unknown, unknown>;
    for (const field of form.fields) {
      const shape = model.shape[field.name];
      expect(shape, `${name}.${field.name} is a key of the model`).toBeDefined();
      const own = shape?.safeParse(undefined);
      const expected = own?.success && own.data !== undefined ? own.data : '';
      expect(form.defaults[field.name], `${name}.${field.name}`).toEqual(expected);
    }
  });

  it('keeps the fields in the order given, and only keys of the model', () => {
    const form = defineForm(async () => recoverPasswordModel, [FIELDS.email, FIELDS.username]);
    expect(form.fields.map((field) => field.name)).toEqual(['email', 'username']);
    // @ts-expect-error: the recovery model has no PIN, so its form cannot show one.
    defineForm(async () => recoverPasswordModel, [FIELDS.pincode]);
  });
});
