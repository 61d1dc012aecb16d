import { recoverPasswordModel } from '@gatekeeper/contract';
import { describe, expect, it } from 'vitest';
import { FIELDS } from './fields';
import { defineForm } from './form-definition';

describe('defineForm', () => {
  it('starts every shown field empty, or at the preset given', () => {
    const form = defineForm(async () => recoverPasswordModel, [FIELDS.username, FIELDS.email]);
    expect(form.defaults).toEqual({ username: '', email: '' });
    expect(defineForm(async () => recoverPasswordModel, [FIELDS.email], { email: 'x@y.z' }).defaults).toEqual({
      email: 'x@y.z',
    });
  });

  it('keeps the fields in the order given, and only keys of the model', () => {
    const form = defineForm(async () => recoverPasswordModel, [FIELDS.email, FIELDS.username]);
    expect(form.fields.map((field) => field.name)).toEqual(['email', 'username']);
    // @ts-expect-error: the recovery model has no PIN, so its form cannot show one.
    defineForm(async () => recoverPasswordModel, [FIELDS.pincode]);
  });
});
