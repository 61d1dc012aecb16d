import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FIELDS_AT_FAULT, isErrorCode } from './error-codes';
import {
  changePasswordModel,
  changePincodeModel,
  recoverPasswordModel,
  referralLinkRequest,
  registerModel,
  unblockCharacterModel,
} from './models';
import { SAMPLE_INPUTS } from './sample-inputs';

const FORMS = [
  { model: registerModel, sample: SAMPLE_INPUTS.createAccount },
  { model: changePasswordModel, sample: SAMPLE_INPUTS.changePassword },
  { model: changePincodeModel, sample: SAMPLE_INPUTS.changePincode },
  { model: unblockCharacterModel, sample: SAMPLE_INPUTS.unblockCharacter },
  { model: recoverPasswordModel, sample: SAMPLE_INPUTS.recoverPassword },
  { model: referralLinkRequest, sample: SAMPLE_INPUTS.getReferralLink },
];

/** Values that break each field's rule in every way the rules check. */
const BAD_VALUES = [
  '',
  ' ',
  'a',
  'ä'.repeat(20),
  'x'.repeat(300),
  'Abc',
  'abcdefgh1!',
  'ABCDEFGH1!',
  'Abcdefgh!',
  'Abcdefg1',
  'Abcdef1!ä',
  'no-at-sign',
];

describe('the fields a refusal is about', () => {
  it('names the field itself for every code a form field can fail with', () => {
    const seen = new Set<string>();
    for (const { model, sample } of FORMS) {
      for (const field of Object.keys(sample)) {
        for (const bad of BAD_VALUES) {
          const result = model.safeParse({ ...sample, [field]: bad });
          for (const issue of result.error?.issues ?? []) {
            const at = String(issue.path[0]);
            if (!isErrorCode(issue.message) || issue.message === 'formInvalid') continue;
            seen.add(issue.message);
            expect({ code: issue.message, fields: FIELDS_AT_FAULT[issue.message] }).toEqual({
              code: issue.message,
              fields: expect.arrayContaining([at]) as unknown,
            });
          }
        }
      }
    }
    // The check above really ran over the rules' codes.
    expect(seen.size).toBeGreaterThan(15);
  });

  it('lists only known codes', () => {
    for (const code of Object.keys(FIELDS_AT_FAULT)) expect(ERROR_CODES).toContain(code);
  });
});
