/**
 * Every code a call may answer. Each one is a translation key present in all six locale files.
 * The spec's keys where it names one, self-explaining new keys otherwise (docs/product.md#error-codes-and-dialogs).
 */
export const ERROR_CODES = [
  'UsernameEmpty',
  'PasswordEmpty',
  'EmailEmpty',
  'CharNameEmpty',
  'PincodeEmpty',
  'CaptchaEmpty',
  'formInvalid',
  'ServerError',
  'charDoesntExist',
  'usernameRequirements',
  'usernameCharacters',
  'passwordTooShort',
  'passwordTooLong',
  'passwordMissingUppercase',
  'passwordMissingLowercase',
  'passwordMissingNumber',
  'passwordMissingSymbol',
  'passwordInvalidCharacter',
  'confirmPassRequirements',
  'emailRequirements',
  'confirmEmailRequirements',
  'pincodeRequirements',
  'usernameTaken',
  'wrongCredentials',
  'wrongUsernameOrPassword',
  'accountBanned',
  'characterOnline',
  'characterJailed',
  'tooManyAttempts',
  'tooManyRequests',
  'serviceUnavailable',
  'captchaInvalid',
  'invalidKey',
  'facebookTokenInvalid',
  'facebookVideosPermission',
  'facebookUnavailable',
  'referralPairMismatch',
  'pincodeNotSupported',
  'pincodeNeedsCharacter',
  'emailNotRecorded',
  'characterBanned',
  'paymentsUnavailable',
  'donationsClosed',
  'notSignedIn',
  'secondFactorRequired',
  'wrongSecondFactorCode',
  'secondFactorAlreadyOn',
  'secondFactorNotOn',
  'freshProofRequired',
  'consoleForbidden',
  'consoleStepUpRequired',
  'consoleNeedsSecondFactor',
  'consoleReasonRequired',
  'consoleRewardNotFound',
  'consoleRewardNotRetryable',
  'consoleRewardNotCancellable',
  'consoleNewsSlugInvalid',
  'consoleNewsSlugTaken',
  'consoleNewsEnglishRequired',
  'consoleNewsTitleRequired',
  'consoleNewsTitleTooLong',
  'consoleNewsBodyTooLong',
  'consoleNewsDateInvalid',
  'consoleNewsNotFound',
  'consoleMailSubjectEmpty',
  'consoleMailVersionEmpty',
  'consoleMailContentEmpty',
  'consoleMailLimit',
  'consoleLookupRequired',
  'consoleDonationNotFound',
  'consoleDonationNotRetryable',
  'consoleDonationNotFlagged',
  'consoleBanDurationInvalid',
  'consoleAccountNotFound',
  'consoleAccountIsStaff',
  'consoleAccountIsSelf',
  'consoleAccountAlreadyBanned',
  'consoleAccountNotBanned',
  'passkeyRefused',
  'passkeyNotFound',
  'emailUnchanged',
  'emailLinkInvalid',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The form fields a refusal is about, most likely first: the form shows the refusal under the first
 * of them it has and puts the focus there when the dialog closes. A code not listed (a server
 * error, too many attempts) is about no field in particular.
 */
export const FIELDS_AT_FAULT: Partial<Record<ErrorCode, readonly string[]>> = {
  UsernameEmpty: ['username'],
  usernameRequirements: ['username'],
  usernameCharacters: ['username'],
  usernameTaken: ['username'],
  accountBanned: ['username'],
  referralPairMismatch: ['username'],
  PasswordEmpty: ['password', 'newPassword'],
  // The typed password is emptied after these; the player types it again first.
  wrongCredentials: ['password'],
  wrongUsernameOrPassword: ['password'],
  passwordTooShort: ['newPassword'],
  passwordTooLong: ['newPassword', 'password'],
  passwordMissingUppercase: ['newPassword'],
  passwordMissingLowercase: ['newPassword'],
  passwordMissingNumber: ['newPassword'],
  passwordMissingSymbol: ['newPassword'],
  passwordInvalidCharacter: ['newPassword'],
  confirmPassRequirements: ['confirmPassword'],
  EmailEmpty: ['email'],
  emailRequirements: ['email'],
  confirmEmailRequirements: ['confirmEmail'],
  CharNameEmpty: ['charName'],
  charDoesntExist: ['charName'],
  pincodeNeedsCharacter: ['charName'],
  emailNotRecorded: ['email'],
  characterOnline: ['charName'],
  characterJailed: ['charName'],
  characterBanned: ['charName'],
  PincodeEmpty: ['pincode'],
  pincodeRequirements: ['pincode'],
  CaptchaEmpty: ['captcha'],
  captchaInvalid: ['captcha'],
  wrongSecondFactorCode: ['code'],
  emailUnchanged: ['email'],
  consoleNewsSlugTaken: ['slug'],
  consoleNewsSlugInvalid: ['slug'],
};

/** The mail calls' own refusals (mail form, unsubscribe link): translation keys as well. */
export const MAIL_REFUSALS = ['mail.notAllowed', 'mail.versionNotConfigured', 'mail.unsubscribeInvalid'] as const;

export type MailRefusal = (typeof MAIL_REFUSALS)[number];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

/** Failure and success dialog titles (docs/product.md#error-codes-and-dialogs). */
export const DIALOG_TITLES = {
  failure: [
    'charUnblockFailed',
    'pincodeChangeFailed',
    'passRecovery',
    'passChangeFailed',
    'registerFail',
    'getReferralFail',
    'subscriptionUpdateFailed',
  ],
  success: ['charUnblocked', 'pincodeChanged', 'passChanged', 'registerComplete'],
  successMessages: [
    'charUnblockMessage',
    'pincodeChangeSucceeded',
    'passChangeSucceeded',
    'registerCompleteMessage',
    'passRecoveryInstructions',
    'referralLinkText',
    'newPasswordIs',
    'subscriptionUpdated',
  ],
} as const;

/** The mail form speaks literal English (docs/product.md#mail-form). */
export const MAIL_FORM_MESSAGES = {
  usernameEmpty: 'Username cannot be empty.',
  passwordEmpty: 'Password cannot be empty.',
  subjectEmpty: 'Subject cannot be empty.',
  versionEmpty: 'Version cannot be empty.',
  registeredOnlyEmpty: 'Registered Only cannot be empty.',
  contentEmpty: 'Content cannot be empty.',
  formInvalidTitle: 'Form Invalid',
  formInvalid: 'Form is invalid, fill all fields correctly and try again.',
  serverError: 'Server error.',
} as const;
