import { describe, expect, it } from 'vitest';
import { SAMPLE_INPUTS } from './sample-inputs';
import { z } from 'zod';
import { MAIL_FORM_MESSAGES } from './error-codes';
import {
  changePasswordModel,
  changePincodeModel,
  mailModel,
  recoverPasswordModel,
  referralLinkRequest,
  registerModel,
  unblockCharacterModel,
} from './models';
import { INITIAL_PASSWORD_FLAGS, PASSWORD_FLAG_KEYS, errorCodesOf, passwordFlags } from './rules';

/** A register form that passes every rule; each test changes one field. */
const validRegister = SAMPLE_INPUTS.createAccount;

const validPincode = SAMPLE_INPUTS.changePincode;

const validMail = {
  username: 'admin',
  password: 'secret',
  subject: 'Server news',
  version: 'interlude',
  registeredOnly: 'No',
  testEmails: '',
  content: 'Hello',
  captcha: 'solved',
};

/** All error codes of a parse (deduplicated, in order), [] when it succeeds. */
const codesOf = (schema: z.ZodType, input: unknown): string[] => {
  const result = schema.safeParse(input);
  return result.success ? [] : errorCodesOf(result.error);
};

/** The messages reported on one field, in order. */
const fieldCodes = (schema: z.ZodType, input: unknown, field: string): string[] => {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
};

/** A register form with a new password (and the same confirmation). */
const withPassword = (password: string) => ({ ...validRegister, newPassword: password, confirmPassword: password });

describe('register username (6 to 14 characters of any kind)', () => {
  it('accepts the valid form as a whole', () => {
    expect(registerModel.safeParse(validRegister).success).toBe(true);
  });

  it.each([
    [5, ['usernameRequirements']],
    [6, []],
    [14, []],
    [15, ['usernameRequirements']],
  ])('a username of %i characters reports %j', (length, expected) => {
    expect(codesOf(registerModel, { ...validRegister, username: 'u'.repeat(length) })).toEqual(expected);
  });

  // Decision 007: Latin letters and digits only, what the game client's login box types.
  it.each([
    ['NUL', 'player\u0000one'],
    ['a C0 control character', 'player\u0001one'],
    ['DEL', 'player\u007Fone'],
    ['a C1 control character (NEL)', 'player\u0085one'],
    ['a tab inside', 'player\tone'],
    ['a zero-width space (format)', 'demo\u200Bplayer'],
    ['a right-to-left override (format)', 'demo\u202Eplayer'],
    ['a byte order mark (format) inside', 'demo\uFEFFplayer'],
    ['a soft hyphen (format)', 'demo\u00ADplayer'],
    ['a lone surrogate', 'player\uD800one'],
    ['a private-use character', 'player\uE000one'],
    ['a line separator', 'player\u2028one'],
    ['full-width letters', '\uFF44\uFF45\uFF4D\uFF4F\uFF50\uFF4C\uFF41\uFF59\uFF45\uFF52'],
    ['one full-width letter', 'demopl\uFF41yer'],
    ['a ligature', 'demo\uFB01le'],
    ['a no-break space inside', 'demo\u00A0player'],
    ['an ideographic space inside', 'demo\u3000player'],
    ['a decomposed accent (e + combining acute)', 'playe\u0301r1'],
    ['a superscript digit', 'player\u00B9'],
    ['an emoji (outside the Basic Multilingual Plane)', `player${String.fromCodePoint(0x1f600)}`],
    ['Cyrillic letters', 'игрок2024'],
    ['Greek letters', 'παίκτης1'],
    ['precomposed accents', 'jogadorção'],
    ['an inner space', 'demo player'],
    ['punctuation', 'demo-player!'],
    ['an underscore', 'demo_player'],
  ])('refuses %s with usernameCharacters', (_label, username) => {
    expect(codesOf(registerModel, { ...validRegister, username })).toEqual(['usernameCharacters']);
  });

  it.each([
    ['lower-case letters and digits', 'demoplayer01'],
    ['mixed case', 'DemoPlayer01'],
    ['digits only', '12345678'],
  ])('accepts %s', (_label, username) => {
    expect(codesOf(registerModel, { ...validRegister, username })).toEqual([]);
  });

  it('removes spaces at the ends instead of storing them (the login server trims too)', () => {
    expect(registerModel.parse({ ...validRegister, username: ' \u3000demoplayer\t ' }).username).toBe('demoplayer');
  });

  it('reports only UsernameEmpty for an empty username', () => {
    expect(fieldCodes(registerModel, { ...validRegister, username: '' }, 'username')).toEqual(['UsernameEmpty']);
    expect(codesOf(registerModel, { ...validRegister, username: '' })).toEqual(['UsernameEmpty']);
  });

  it('treats a username of spaces only as empty', () => {
    expect(codesOf(registerModel, { ...validRegister, username: '      ' })).toEqual(['UsernameEmpty']);
  });

  it('counts the length after trimming surrounding spaces', () => {
    expect(codesOf(registerModel, { ...validRegister, username: '  abcde  ' })).toEqual(['usernameRequirements']);
    const parsed = registerModel.parse({ ...validRegister, username: '  abcdef  ' });
    expect(parsed.username).toBe('abcdef');
  });
});

describe('password flags (the live checklist)', () => {
  it('starts with every flag true for an empty password', () => {
    expect(passwordFlags('')).toEqual({
      passwordTooShort: true,
      passwordMissingUppercase: true,
      passwordMissingLowercase: true,
      passwordMissingNumber: true,
      passwordMissingSymbol: true,
    });
    expect(INITIAL_PASSWORD_FLAGS).toEqual(passwordFlags(''));
  });

  it.each([
    ['A', 'passwordMissingUppercase'],
    ['z', 'passwordMissingLowercase'],
    ['7', 'passwordMissingNumber'],
    ['!', 'passwordMissingSymbol'],
  ])('clears only its own flag when the password is %j', (password, flipped) => {
    const flags = passwordFlags(password);
    for (const key of PASSWORD_FLAG_KEYS) expect(flags[key], key).toBe(key !== flipped);
  });

  it('clears passwordTooShort at 8 characters and not at 7', () => {
    expect(passwordFlags('aaaaaaa').passwordTooShort).toBe(true);
    expect(passwordFlags('aaaaaaaa').passwordTooShort).toBe(false);
  });

  it('does not count a disallowed character as a symbol', () => {
    expect(passwordFlags('-').passwordMissingSymbol).toBe(true);
    expect(passwordFlags('é').passwordMissingLowercase).toBe(true);
  });

  it('clears every flag for a password that meets every requirement', () => {
    expect(Object.values(passwordFlags('Abcdef1!'))).toEqual([false, false, false, false, false]);
  });
});

describe('new password (8 to 15 characters, lower, upper, digit, symbol, nothing else)', () => {
  it.each([
    ['Aa1!aaa', ['passwordTooShort']],
    ['Aa1!aaaa', []],
    ['Aa1!aaaaaaaaaaa', []],
    ['Aa1!aaaaaaaaaaaa', ['passwordTooLong']],
  ])('%j reports %j', (password, expected) => {
    expect(codesOf(registerModel, withPassword(password))).toEqual(expected);
  });

  it.each([
    ['aa1!aaaa', 'passwordMissingUppercase'],
    ['AA1!AAAA', 'passwordMissingLowercase'],
    ['Aaa!aaaa', 'passwordMissingNumber'],
    ['Aa1aaaaa', 'passwordMissingSymbol'],
  ])('%j reports only %s', (password, expected) => {
    expect(codesOf(registerModel, withPassword(password))).toEqual([expected]);
  });

  it('reports every unmet requirement at once', () => {
    expect(codesOf(registerModel, withPassword('abc'))).toEqual([
      'passwordTooShort',
      'passwordMissingUppercase',
      'passwordMissingNumber',
      'passwordMissingSymbol',
    ]);
  });

  it.each([
    ['a space', 'Aa1!aa a'],
    ['a hyphen', 'Aa1!aa-a'],
    ['an accented letter', 'Aa1!aaéa'],
    ['a backslash', 'Aa1!aa\\a'],
    ['a closing bracket', 'Aa1!aa]a'],
  ])('rejects %s with passwordInvalidCharacter', (_what, password) => {
    expect(codesOf(registerModel, withPassword(password))).toEqual(['passwordInvalidCharacter']);
  });

  it.each([',', '.', '/', '!', '@', '#', '$', '%', '^', '*', '_', '=', '+'])('accepts the symbol %j', (symbol) => {
    expect(codesOf(registerModel, withPassword(`Abcdef1${symbol}`))).toEqual([]);
  });

  it.each(['&', '(', '?', '~', '"', "'"])('does not accept %j as a symbol', (symbol) => {
    expect(codesOf(registerModel, withPassword(`Abcdef1${symbol}`))).toEqual([
      'passwordMissingSymbol',
      'passwordInvalidCharacter',
    ]);
  });

  it('reports only PasswordEmpty for an empty new password', () => {
    expect(codesOf(registerModel, withPassword(''))).toEqual(['PasswordEmpty']);
  });

  it('applies the same rules when changing a password', () => {
    const base = { username: 'player1', password: 'old', captcha: 'token' };
    expect(codesOf(changePasswordModel, { ...base, newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' })).toEqual([]);
    expect(codesOf(changePasswordModel, { ...base, newPassword: 'Aa1!aaa', confirmPassword: 'Aa1!aaa' })).toEqual([
      'passwordTooShort',
    ]);
  });

  it('requires the current password only to be non-empty when changing it', () => {
    const base = { username: 'player1', newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!', captcha: 'token' };
    expect(codesOf(changePasswordModel, { ...base, password: 'x' })).toEqual([]);
    expect(codesOf(changePasswordModel, { ...base, password: '' })).toEqual(['PasswordEmpty']);
  });
});

describe('confirmation fields', () => {
  it('reports confirmPassRequirements on confirmPassword when the passwords differ', () => {
    const result = registerModel.safeParse({ ...validRegister, confirmPassword: 'Abcdef1@' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['confirmPassword'], 'confirmPassRequirements'],
    ]);
  });

  it('reports confirmPassRequirements when changing a password with a different confirmation', () => {
    const result = changePasswordModel.safeParse({
      username: 'player1',
      password: 'old',
      newPassword: 'Abcdef1!',
      confirmPassword: 'abcdef1!',
      captcha: 'token',
    });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['confirmPassword'], 'confirmPassRequirements'],
    ]);
  });

  it('reports confirmEmailRequirements on confirmEmail when the emails differ', () => {
    const result = registerModel.safeParse({ ...validRegister, confirmEmail: 'other@example.com' });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['confirmEmail'], 'confirmEmailRequirements'],
    ]);
  });

  it('reports a mismatch as soon as the repeat field differs, while other fields are still wrong', () => {
    const result = registerModel.safeParse({
      ...validRegister,
      username: '',
      captcha: '',
      confirmPassword: 'Abcdef1@',
      confirmEmail: 'other@example.com',
    });
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(issues).toEqual(
      expect.arrayContaining([
        ['username', 'UsernameEmpty'],
        ['captcha', 'CaptchaEmpty'],
        ['confirmPassword', 'confirmPassRequirements'],
        ['confirmEmail', 'confirmEmailRequirements'],
      ]),
    );
  });

  it('accepts an email and confirmation that are identical, surrounding spaces included', () => {
    expect(
      codesOf(registerModel, { ...validRegister, email: ' a@example.com ', confirmEmail: ' a@example.com ' }),
    ).toEqual([]);
  });
});

describe('email (required, at most 250 characters, general pattern)', () => {
  const emailOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

  it('accepts 250 characters and rejects 251', () => {
    expect(emailOf(250)).toHaveLength(250);
    expect(codesOf(registerModel, { ...validRegister, email: emailOf(250), confirmEmail: emailOf(250) })).toEqual([]);
    expect(codesOf(registerModel, { ...validRegister, email: emailOf(251), confirmEmail: emailOf(251) })).toEqual([
      'emailRequirements',
    ]);
  });

  it.each(['plainaddress', 'a@b', 'a b@example.com', '@example.com', 'user@', 'user@@example.com', 'user@example.'])(
    'rejects %j with emailRequirements',
    (email) => {
      expect(codesOf(registerModel, { ...validRegister, email, confirmEmail: email })).toEqual(['emailRequirements']);
    },
  );

  it('rejects an address with a character the game tables cannot store', () => {
    const email = `p${String.fromCodePoint(0x1f600)}@example.com`;
    expect(codesOf(registerModel, { ...validRegister, email, confirmEmail: email })).toEqual(['emailRequirements']);
  });

  it('reports only EmailEmpty for an empty email', () => {
    expect(fieldCodes(registerModel, { ...validRegister, email: '', confirmEmail: '' }, 'email')).toEqual([
      'EmailEmpty',
    ]);
    expect(codesOf(registerModel, { ...validRegister, email: '', confirmEmail: '' })).toEqual(['EmailEmpty']);
  });

  it('applies the same rule on the pincode, unblock, recover and referral forms', () => {
    const bad = 'not-an-email';
    expect(codesOf(changePincodeModel, { ...validPincode, email: bad })).toEqual(['emailRequirements']);
    expect(codesOf(unblockCharacterModel, { ...validPincode, email: bad })).toEqual(['emailRequirements']);
    expect(codesOf(recoverPasswordModel, { username: 'player1', email: bad, captcha: 't' })).toEqual([
      'emailRequirements',
    ]);
    expect(codesOf(referralLinkRequest, { username: 'player1', email: '', captcha: 't' })).toEqual(['EmailEmpty']);
  });
});

describe('pincode (6 to 8 digits)', () => {
  it.each([
    ['12345', ['pincodeRequirements']],
    ['123456', []],
    ['12345678', []],
    ['123456789', ['pincodeRequirements']],
    ['12345a', ['pincodeRequirements']],
    ['abcdefg', ['pincodeRequirements']],
    [' 123456', ['pincodeRequirements']],
    ['', ['PincodeEmpty']],
  ])('%j reports %j', (pincode, expected) => {
    expect(codesOf(changePincodeModel, { ...validPincode, pincode })).toEqual(expected);
  });
});

describe('other required fields', () => {
  it('reports only CaptchaEmpty for an empty captcha on every captcha form', () => {
    expect(codesOf(registerModel, { ...validRegister, captcha: '' })).toEqual(['CaptchaEmpty']);
    expect(codesOf(changePincodeModel, { ...validPincode, captcha: '' })).toEqual(['CaptchaEmpty']);
    expect(codesOf(unblockCharacterModel, { ...validPincode, captcha: '' })).toEqual(['CaptchaEmpty']);
    expect(codesOf(recoverPasswordModel, { username: 'player1', email: 'a@example.com', captcha: '' })).toEqual([
      'CaptchaEmpty',
    ]);
    expect(codesOf(referralLinkRequest, { username: 'player1', email: 'a@example.com', captcha: '' })).toEqual([
      'CaptchaEmpty',
    ]);
  });

  it('reports CharNameEmpty and PasswordEmpty on the unblock form', () => {
    expect(codesOf(unblockCharacterModel, { ...validPincode, charName: '  ' })).toEqual(['CharNameEmpty']);
    expect(codesOf(unblockCharacterModel, { ...validPincode, password: '' })).toEqual(['PasswordEmpty']);
  });

  it('reports one empty code per field, in field order, for an empty register form', () => {
    expect(
      codesOf(registerModel, {
        username: '',
        newPassword: '',
        confirmPassword: '',
        email: '',
        confirmEmail: '',
        captcha: '',
      }),
    ).toEqual(['UsernameEmpty', 'PasswordEmpty', 'EmailEmpty', 'CaptchaEmpty']);
  });
});

describe('recover password model', () => {
  it("defaults lang to 'en'", () => {
    const parsed = recoverPasswordModel.parse({ username: 'player1', email: 'a@example.com', captcha: 't' });
    expect(parsed.lang).toBe('en');
  });

  it.each(['ru', 'gr', 'es', 'br', 'lt'])('accepts the language %s', (lang) => {
    expect(recoverPasswordModel.parse({ username: 'player1', email: 'a@example.com', captcha: 't', lang }).lang).toBe(
      lang,
    );
  });

  it("rejects the unknown language 'xx' on the lang field", () => {
    const result = recoverPasswordModel.safeParse({
      username: 'player1',
      email: 'a@example.com',
      captcha: 't',
      lang: 'xx',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['lang']]);
  });
});

describe('mail model (literal English messages)', () => {
  it('accepts a complete mail and defaults registeredOnly to No', () => {
    const { registeredOnly: _omitted, ...rest } = validMail;
    expect(mailModel.parse(rest).registeredOnly).toBe('No');
  });

  it.each([
    ['username', '', MAIL_FORM_MESSAGES.usernameEmpty, 'Username cannot be empty.'],
    ['password', '', MAIL_FORM_MESSAGES.passwordEmpty, 'Password cannot be empty.'],
    ['subject', '   ', MAIL_FORM_MESSAGES.subjectEmpty, 'Subject cannot be empty.'],
    ['version', '', MAIL_FORM_MESSAGES.versionEmpty, 'Version cannot be empty.'],
    ['version', 'chaotic-throne', MAIL_FORM_MESSAGES.versionEmpty, 'Version cannot be empty.'],
    ['registeredOnly', 'Maybe', MAIL_FORM_MESSAGES.registeredOnlyEmpty, 'Registered Only cannot be empty.'],
    ['content', ' ', MAIL_FORM_MESSAGES.contentEmpty, 'Content cannot be empty.'],
    // The captcha speaks the account forms' translated code, not a literal.
    ['captcha', '', 'CaptchaEmpty', 'CaptchaEmpty'],
  ])('%s = %j reports %j', (field, value, constant, literal) => {
    expect(constant).toBe(literal);
    expect(codesOf(mailModel, { ...validMail, [field]: value })).toEqual([literal]);
  });

  it('keeps the form-level texts of the error catalogue', () => {
    expect(MAIL_FORM_MESSAGES.formInvalidTitle).toBe('Form Invalid');
    expect(MAIL_FORM_MESSAGES.formInvalid).toBe('Form is invalid, fill all fields correctly and try again.');
    expect(MAIL_FORM_MESSAGES.serverError).toBe('Server error.');
  });
});

describe('errorCodesOf', () => {
  it('keeps each message once, in the order of first appearance', () => {
    const error = new z.ZodError([
      { code: 'custom', message: 'b', path: ['x'], input: '' },
      { code: 'custom', message: 'a', path: ['y'], input: '' },
      { code: 'custom', message: 'b', path: ['z'], input: '' },
      { code: 'custom', message: 'c', path: ['z'], input: '' },
      { code: 'custom', message: 'a', path: ['x'], input: '' },
    ]);
    expect(errorCodesOf(error)).toEqual(['b', 'a', 'c']);
  });

  it('answers an empty list for an error without issues', () => {
    expect(errorCodesOf(new z.ZodError([]))).toEqual([]);
  });
});
