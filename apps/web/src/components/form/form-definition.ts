import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldSpec } from './form-field';

/**
 * A form declared once: the contract's model that validates it, the fields shown (in order), and
 * the values it starts from and returns to after each submit. I is what the inputs hold, O what
 * the model makes of it (defaults applied), which is what the call sends.
 */
export interface FormDefinition<I extends FieldValues, O extends FieldValues> {
  schema: z.ZodType<O, I>;
  fields: FieldSpec<I>[];
  defaults: DefaultValues<I>;
}

/** An object model of the contract (its keys are the form's values). */
type ObjectModel<I, O> = z.ZodType<O, I> & { shape: Record<string, z.ZodType> };

/** Every key of the model starts empty, or at the model's own default (the mail form's "No"). */
const startingValues = <I extends FieldValues, O>(schema: ObjectModel<I, O>): DefaultValues<I> => {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = field.safeParse(undefined);
    values[key] = parsed.success && parsed.data !== undefined ? parsed.data : '';
  }
  // A value per key of the model: what DefaultValues asks, which a built record cannot show.
  return values as DefaultValues<I>;
};

/** Declares a form from the contract's model; a field that names no key of the model does not compile. */
export const defineForm = <I extends FieldValues, O extends FieldValues>(
  schema: ObjectModel<I, O>,
  fields: FieldSpec<I>[],
): FormDefinition<I, O> => ({ schema, fields, defaults: startingValues(schema) });
