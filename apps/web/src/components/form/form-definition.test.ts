import { mailModel, recoverPasswordModel, registerModel } from '@gatekeeper/contract';
import { describe, expect, it } from 'vitest';
import { FIELDS } from './fields';
import { defineForm } from './form-definition';

describe('defineForm', () => {
  it('starts every key of the model empty', () => {
    const form = defineForm(registerModel, [FIELDS.newUsername, FIELDS.email]);
    expect(Object.keys(form.defaults)).toEqual(Object.keys(registerModel.shape));
    expect(Object.values(form.defaults).every((value) => value === '')).toBe(true);
  });

  it("starts a key at the model's own default", () => {
    expect(defineForm(mailModel, []).defaults).toMatchObject({ version: '', registeredOnly: 'No', testEmails: '' });
    expect(defineForm(recoverPasswordModel, []).defaults).toMatchObject({ username: '', lang: 'en' });
  });

  it('keeps the fields in the order given', () => {
    const form = defineForm(recoverPasswordModel, [FIELDS.email, FIELDS.username]);
    expect(form.fields.map((field) => field.name)).toEqual(['email', 'username']);
    // @ts-expect-error: the recovery model has no PIN, so its form cannot show one.
    defineForm(recoverPasswordModel, [FIELDS.pincode]);
  });
});
