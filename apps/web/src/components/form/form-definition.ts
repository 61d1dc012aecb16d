import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldSpec } from './form-field';

/**
 * A form declared once: the contract's model that validates it, the fields shown (in order), and
 * the values it starts from and returns to after each submit. I is what the inputs hold, O what
 * the model makes of it (defaults applied), which is what the call sends.
 *
 * The model is loaded, not imported: the schema library and the models are evaluated when the
 * player first uses the form (focus, typing), not while a phone paints and hydrates the page.
 */
export interface FormDefinition<I extends FieldValues, O extends FieldValues> {
  loadSchema: () => Promise<z.ZodType<O, I>>;
  fields: FieldSpec<I>[];
  defaults: DefaultValues<I>;
}

/** An object model of the contract (its keys are the form's values). */
export type ObjectModel<I, O> = z.ZodType<O, I> & { shape: Record<string, z.ZodType> };

/**
 * Declares a form from a loader of the contract's model; a field that names no key of the model
 * does not compile. Every field starts empty but for `startsAt` (a radio's preset choice), which
 * must agree with the model's own defaults (form-definition.test.ts holds each form to it).
 */
export const defineForm = <I extends FieldValues, O extends FieldValues>(
  loadSchema: () => Promise<ObjectModel<I, O>>,
  fields: FieldSpec<I>[],
  startsAt: Partial<I> = {},
): FormDefinition<I, O> => ({
  loadSchema,
  fields,
  // A value per shown key: what DefaultValues asks, which a built record cannot show.
  defaults: { ...Object.fromEntries(fields.map((field) => [field.name, ''])), ...startsAt } as DefaultValues<I>,
});
