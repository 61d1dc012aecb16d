import { describe, expect, it } from 'vitest';
import type { FormDefinition, ObjectModel } from '../src/components/form/form-definition';
import { ACCOUNT_FORMS } from '../src/features/account/account-pages';
import { MAIL_FORM } from '../src/features/mail/mail-page';
import { REFERRAL_FORM } from '../src/features/referral/referral-page';

/**
 * The forms declare their starting values without loading their models (form-definition.ts): each
 * must still start where the contract's model says, a radio's preset included.
 */
const FORMS = { ...ACCOUNT_FORMS, mail: MAIL_FORM, referral: REFERRAL_FORM } as Record<
  string,
  FormDefinition<Record<string, unknown>, Record<string, unknown>>
>;

describe('the forms of the site', () => {
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

  it('include the mail form, which starts at "No" for registered players only', () => {
    expect(MAIL_FORM.defaults).toMatchObject({ version: '', registeredOnly: 'No', testEmails: '' });
  });
});
