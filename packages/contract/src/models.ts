import { z } from 'zod';
import { donationForm, downloads } from './donations';
import { LANGUAGES, LIMITS, REALM_SLUG_PATTERN } from './constants';
import { MAIL_FORM_MESSAGES } from './error-codes';
import {
  boundedText,
  captchaField,
  charNameField,
  emailField,
  GAME_TEXT_PATTERN,
  isEmailAddress,
  withConfirmations,
  newPasswordField,
  newUsernameField,
  passwordField,
  MAIL_TEST_EMAILS_MAX,
  pincodeField,
  splitTestEmails,
  usernameField,
} from './rules';

/** The models of the pages and calls (docs/product.md#calls). Forms and handlers parse with these same schemas. */

export const registerModel = withConfirmations(
  z.object({
    username: newUsernameField,
    newPassword: newPasswordField,
    confirmPassword: boundedText(LIMITS.passwordInputMax, 'confirmPassRequirements', { trim: false }),
    email: emailField,
    // Bounded above the email's own 250, so one over-long address reports one code, not two.
    confirmEmail: boundedText(LIMITS.storedEmailMax, 'confirmEmailRequirements'),
    captcha: captchaField,
    creationIpV6: boundedText(LIMITS.ipMax, 'formInvalid').default(''),
  }),
  [
    { field: 'newPassword', confirm: 'confirmPassword', key: 'confirmPassRequirements' },
    { field: 'email', confirm: 'confirmEmail', key: 'confirmEmailRequirements', trim: true },
  ],
);
export type RegisterModel = z.input<typeof registerModel>;

export const changePasswordModel = withConfirmations(
  z.object({
    username: usernameField,
    password: passwordField,
    newPassword: newPasswordField,
    confirmPassword: boundedText(LIMITS.passwordInputMax, 'confirmPassRequirements', { trim: false }),
    captcha: captchaField,
  }),
  [{ field: 'newPassword', confirm: 'confirmPassword', key: 'confirmPassRequirements' }],
);
export type ChangePasswordModel = z.input<typeof changePasswordModel>;

/**
 * The realm of a character an account tool names (decision 049): its slug; the first realm when
 * left out, so a site of one realm and every existing caller are unchanged.
 */
const characterRealmField = z.string().regex(REALM_SLUG_PATTERN, 'formInvalid').optional();

export const changePincodeModel = z.object({
  username: usernameField,
  password: passwordField,
  email: emailField,
  charName: charNameField,
  pincode: pincodeField,
  captcha: captchaField,
  realm: characterRealmField,
});
export type ChangePincodeModel = z.input<typeof changePincodeModel>;

export const unblockCharacterModel = z.object({
  username: usernameField,
  password: passwordField,
  email: emailField,
  charName: charNameField,
  captcha: captchaField,
  realm: characterRealmField,
});
export type UnblockCharacterModel = z.input<typeof unblockCharacterModel>;

export const recoverPasswordModel = z.object({
  username: usernameField,
  email: emailField,
  captcha: captchaField,
  lang: z.enum(LANGUAGES).default('en'),
});
export type RecoverPasswordModel = z.input<typeof recoverPasswordModel>;

/** "Get my vote rewards": the vote reward character, checked with every vote site that can say. */
export const claimVotesModel = z.object({
  charName: charNameField,
  captcha: captchaField,
  /** The realm of the character (decision 049); the first realm when left out. */
  realm: characterRealmField,
});
export type ClaimVotesModel = z.input<typeof claimVotesModel>;

/** What a vote site said of the voter: each one a translation key under vote.result. */
export const VOTE_CLAIM_RESULTS = ['rewarded', 'notVoted', 'alreadyRewarded', 'unavailable'] as const;
export type VoteClaimResult = (typeof VOTE_CLAIM_RESULTS)[number];
export const voteClaimAnswer = z.array(z.object({ site: z.string(), result: z.enum(VOTE_CLAIM_RESULTS) }));
export type VoteClaimAnswer = z.infer<typeof voteClaimAnswer>;

export const referralLinkRequest = z.object({
  username: usernameField,
  email: emailField,
  captcha: captchaField,
  /** The account's character that receives the referral rewards; empty keeps the current choice. */
  charName: boundedText(LIMITS.charNameMax, 'charDoesntExist').regex(GAME_TEXT_PATTERN, 'charDoesntExist').default(''),
  /** The realm the character is looked up in, and its rewards paid (decision 049); the first when left out. */
  realm: characterRealmField,
});
export type ReferralLinkRequest = z.input<typeof referralLinkRequest>;

export const MAIL_VERSIONS = ['interlude', 'highfive', 'classic', 'god'] as const;
export type MailVersion = (typeof MAIL_VERSIONS)[number];
export const YES_NO = ['Yes', 'No'] as const;

export const MAIL_SUBJECT_MAX = LIMITS.mailSubjectMax;
export const MAIL_CONTENT_MAX = LIMITS.mailContentMax;

export const mailModel = z.object({
  username: boundedText(LIMITS.loginMax, 'formInvalid').min(1, MAIL_FORM_MESSAGES.usernameEmpty),
  password: boundedText(LIMITS.passwordInputMax, 'formInvalid', { trim: false }).min(
    1,
    MAIL_FORM_MESSAGES.passwordEmpty,
  ),
  subject: boundedText(MAIL_SUBJECT_MAX, 'mail.form.subjectTooLong').min(1, {
    error: MAIL_FORM_MESSAGES.subjectEmpty,
    abort: true,
  }),
  version: z.enum(MAIL_VERSIONS, MAIL_FORM_MESSAGES.versionEmpty),
  registeredOnly: z.enum(YES_NO, MAIL_FORM_MESSAGES.registeredOnlyEmpty).default('No'),
  /** Empty: every recipient; else only these addresses (a test before the real run). */
  testEmails: boundedText(LIMITS.mailTestEmailsTextMax, 'mail.form.testEmailsInvalid', { trim: false })
    .default('')
    .refine((text) => {
      const addresses = splitTestEmails(text);
      return (
        addresses.length <= MAIL_TEST_EMAILS_MAX &&
        addresses.every(
          (address) => address.length <= LIMITS.emailMax && isEmailAddress(address) && GAME_TEXT_PATTERN.test(address),
        )
      );
    }, 'mail.form.testEmailsInvalid'),
  /** HTML; the server sanitizes it. */
  content: boundedText(MAIL_CONTENT_MAX, 'mail.form.contentTooLong').min(1, {
    error: MAIL_FORM_MESSAGES.contentEmpty,
    abort: true,
  }),
  /** An admin tool guarded by a password: the captcha stops guessing at machine speed. */
  captcha: captchaField,
});
export type MailModel = z.input<typeof mailModel>;

/** What the mail call answers: the job and how many mails went into the outbox or were left out. */
export const mailAnswer = z.object({ jobId: z.number().int(), queued: z.number().int(), skipped: z.number().int() });
export type MailAnswer = z.infer<typeof mailAnswer>;

export const openingDate = z.object({
  /** English weekday name; the page writes it in the visitor's language. */
  dayStr: z.string(),
  dayNum: z.number().int().min(1).max(31),
  /** 1-12. */
  month: z.number().int().min(1).max(12),
  year: z.number().int(),
  hour: z.number().int().min(0).max(23),
  /** Offset from GMT in hours, shown as GMT +N. */
  gmt: z.number(),
  /** The same instant as milliseconds since the epoch, for the countdown. */
  timestamp: z.number(),
});
export type OpeningDate = z.infer<typeof openingDate>;

export const voteSite = z.object({
  name: z.string(),
  banner: z.string(),
  /** Link with {id} where the vote identifier goes; without {id} the plain vote page. */
  url: z.string(),
  /**
   * 'any': character name or IP; 'charName': the character name only (mmotop); 'voteId': the
   * character's vote id (voteIdOf), for sites polled by vote id.
   */
  identifier: z.enum(['none', 'any', 'charName', 'voteId']),
  /**
   * Votes there are rewarded: 'onClaim' when the player presses "Get my vote rewards" (the site is
   * asked), 'onVote' when the vote site calls ours back. Absent: a plain link.
   */
  rewarded: z.enum(['onClaim', 'onVote']).optional(),
});
export type VoteSite = z.infer<typeof voteSite>;

/** The game's rates (x1, x5...); a rate the owner left out is absent. */
const gameRates = z.object({
  exp: z.number().optional(),
  sp: z.number().optional(),
  adena: z.number().optional(),
  drop: z.number().optional(),
});

/**
 * One game server of the site (decision 049): `id` is the login server's `gameservers.server_id`,
 * `slug` its word in addresses; `name` is empty for the one realm of a site without `realms`.
 */
export const realmFacts = z.object({
  id: z.number().int(),
  slug: z.string().regex(REALM_SLUG_PATTERN),
  name: z.string(),
  chronicle: z.string(),
  rates: gameRates,
  openingDate: openingDate.nullable(),
  /** The realm's own vote sites, when it declares them; absent: the site's `voteSites`. */
  voteSites: z.array(voteSite).optional(),
});
export type RealmFacts = z.infer<typeof realmFacts>;

export const metadata = z.object({
  /**
   * The coins' name as the owner wrote it (`coins.name`): the page names the coin by its item id
   * (`coinItemId`) in its language where the game's item names have it, and by this where they do
   * not (a custom item; decision 047).
   */
  coinsName: z.string(),
  /** The item the coins of donations and referrals are (`rewards.coinItemId`). */
  coinItemId: z.number().int(),
  coinsPerRef: z.number(),
  coinsPerEuro: z.number(),
  chronicle: z.string(),
  eventName: z.string(),
  orderPercent: z.number(),
  chaosPercent: z.number(),
  openingDate: openingDate.nullable(),
  /** The IANA time zone every moment on the page is shown in (`server.timeZone`, docs/product.md#ground-rules). */
  timeZone: z.string(),
  /** The game's rates (x1, x5...); a rate the owner left out is absent. */
  rates: gameRates,
  /** The game servers the site serves, the first one first; one on a site of one game server. */
  realms: z.array(realmFacts).min(1),
  links: z.object({
    features: z.string(),
    discord: z.string(),
    communityChat: z.string(),
  }),
  voteSites: z.array(voteSite),
  discordWidgetId: z.string(),
  facebookPageUrl: z.string(),
  ipv6LookupUrl: z.string(),
  /** Facebook's login dialog for stream registration (route fb); empty when no app is set. */
  facebookLoginUrl: z.string(),
  /** The payment provider's form of the donate page. */
  donation: donationForm,
  /** The updater downloads of the downloads page. */
  downloads,
  /**
   * The footer's pages (docs/product.md#footer): the owner's own page for each, or empty for the
   * site's; contactEmail is shown on the site's contact page when set, appealContact to a banned
   * player (docs/product.md#my-account).
   */
  legal: z.object({
    privacyUrl: z.string(),
    termsUrl: z.string(),
    contactUrl: z.string(),
    contactEmail: z.string(),
    /** Where a banned player appeals (an e-mail address or a URL); empty: nothing is shown. */
    appealContact: z.string(),
  }),
  /** The account tools this server's game supports: no PIN tab where the game has no PIN (aCis). */
  accountTools: z.object({ pincode: z.boolean() }),
  /**
   * Whether the site sends mail (SMTP_URL set). Without it the forms whose end is a mail (password
   * recovery, the email change, the mail to players) say they are not open instead of a form.
   */
  sendsMail: z.boolean(),
});
export type Metadata = z.infer<typeof metadata>;

export const statusLight = z.object({
  type: z.enum(['online', 'offline']),
  color: z.enum(['green', 'red']),
});
export type StatusLight = z.infer<typeof statusLight>;

/**
 * One realm's status: its game server's light (red while its database does not answer), the
 * players in it while the light is green, and whether its database answers (decision 049).
 */
export const realmStatus = z.object({
  slug: z.string(),
  gameStatus: statusLight,
  playersOnline: z.number().int().min(0).nullable(),
  available: z.boolean(),
});
export type RealmStatus = z.infer<typeof realmStatus>;

/** getrealmstatus's query: the realm's slug. */
export const realmQuery = z.object({ realm: z.string().regex(REALM_SLUG_PATTERN, 'formInvalid') });

/**
 * A realm-scoped public read's query (decision 049): `realm=<slug>`, the first realm when left out,
 * so a one-realm site and every existing caller answer as before.
 */
export const optionalRealmQuery = z.object({ realm: z.string().regex(REALM_SLUG_PATTERN, 'formInvalid').optional() });

export const serverStatus = z.object({
  loginStatus: statusLight,
  gameStatus: statusLight,
  /**
   * Players in the game (characters with online 1) at the Online page's latest sample; null while
   * the game server's light is red or no minute was sampled lately.
   */
  playersOnline: z.number().int().min(0).nullable(),
  /** Each realm's status, on a site of more than one realm only (the fields above are the first's). */
  realms: z.array(realmStatus).optional(),
});
export type ServerStatus = z.infer<typeof serverStatus>;

export const STREAM_TYPES = ['TWITCH', 'TROVO', 'KICK', 'FACEBOOK', 'YOUTUBE'] as const;
/** channel: Twitch/Kick/Trovo channel name, YouTube channel id (UC...) or Facebook video URL. */
export const liveStream = z.object({
  type: z.enum(STREAM_TYPES),
  channel: z.string().min(1),
  /** The broadcast's title where known (registered streams). */
  title: z.string().optional(),
  /** True when the site knows the stream is live now (a registered stream its provider confirmed). */
  live: z.boolean().optional(),
});
export type LiveStream = z.infer<typeof liveStream>;

export const youtubeVideo = z.object({
  id: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  author: z.string(),
  views: z.number(),
  likes: z.number(),
  comments: z.number(),
  rating: z.number().min(0).max(5),
});
export type YoutubeVideo = z.infer<typeof youtubeVideo>;

export const rankedValueRow = z.object({ name: z.string(), value: z.number(), clan: z.string() });
export type RankedValueRow = z.infer<typeof rankedValueRow>;
export const clanRow = z.object({ clan: z.string(), leader: z.string(), level: z.number(), reputation: z.number() });
export type ClanRow = z.infer<typeof clanRow>;

/** How much of a boss's respawn the site tells (settings world.bossRespawn, docs/product.md#bosses). */
export const BOSS_RESPAWN_DETAILS = ['status', 'day', 'exact'] as const;
export type BossRespawnDetail = (typeof BOSS_RESPAWN_DETAILS)[number];
/**
 * A grand or raid boss (docs/product.md#bosses): its level (null where the game's data has none),
 * alive, or dead with, for a raid boss, the delays after its death between which the game draws its
 * return (`respawnDelay`, ms), and as the owner allows the UTC day (`respawnDay`, YYYY-MM-DD) or the
 * moment (`respawnAt`, epoch ms) the game will spawn it again.
 */
export const bossRow = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['grand', 'raid']),
  level: z.number().int().nullable(),
  alive: z.boolean(),
  respawnDelay: z.object({ minMs: z.number().int().min(0), maxMs: z.number().int().min(0) }).optional(),
  respawnDay: z.string().optional(),
  respawnAt: z.number().optional(),
});
export type BossRow = z.infer<typeof bossRow>;
export const classRow = z.object({
  classId: z.number(),
  class: z.string(),
  count: z.number(),
  topPlayer: z.string(),
  playerKills: z.number(),
  totalKills: z.number(),
});
export type ClassRow = z.infer<typeof classRow>;
export const referralRow = z.object({
  referralCode: z.string(),
  totalReferrals: z.number(),
  registrations: z.number(),
  playingReferrals: z.number(),
});
export type ReferralRow = z.infer<typeof referralRow>;

export const facebookToken = z.object({
  accessToken: boundedText(LIMITS.facebookTokenMax, 'facebookTokenInvalid', { trim: false }).min(1),
  /** The realm whose Rewards Manager binds the code (decision 049); the first when left out. */
  realm: characterRealmField,
});
export const facebookTokenResponse = z.object({ code: z.string() });
export const visitor = z.object({ ref: boundedText(LIMITS.referralCodeMax, 'formInvalid', { trim: false }).min(1) });
export const REF_UPDATE_TYPES = ['donated', 'downloaded', 'registered'] as const;
export const refUpdate = z.object({ type: z.enum(REF_UPDATE_TYPES) });
/** The fields of an unsubscribe link, as mailed: an address stored before the site's rule may be longer. */
export const unsubscribe = z.object({
  email: boundedText(LIMITS.storedEmailMax, 'formInvalid', { trim: false }),
  user: boundedText(LIMITS.loginMax, 'formInvalid', { trim: false }),
  version: boundedText(LIMITS.mailVersionMax, 'formInvalid', { trim: false }),
  sig: boundedText(LIMITS.signatureMax, 'formInvalid', { trim: false }).default(''),
});
export const ipUpdate = z.object({
  users: boundedText(LIMITS.usersListMax, 'formInvalid', { trim: false }),
  ipV4: boundedText(LIMITS.ipMax, 'formInvalid', { trim: false }),
  ipV6: boundedText(LIMITS.ipMax, 'formInvalid', { trim: false }).default(''),
});

/** Which captcha the forms show (GET /sdk/captcha, docs/product.md#captcha). */
export const CAPTCHA_PROVIDERS = ['altcha', 'turnstile', 'hcaptcha', 'recaptcha'] as const;
export const captchaProvider = z.enum(CAPTCHA_PROVIDERS);
export type CaptchaProvider = z.infer<typeof captchaProvider>;
/** The providers that verify tokens on their own servers: all but the self-hosted ALTCHA. */
export const hostedCaptchaProvider = captchaProvider.exclude(['altcha']);
export type HostedCaptchaProvider = z.infer<typeof hostedCaptchaProvider>;
export const captchaConfig = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('altcha'), challengeUrl: z.string() }),
  z.object({ provider: hostedCaptchaProvider, siteKey: z.string() }),
]);
export type CaptchaConfig = z.infer<typeof captchaConfig>;

/** The answer of every account form: the error codes, empty on success. */
export const errorList = z.array(z.string());
export type ErrorList = z.infer<typeof errorList>;

/** Signing in with the game account (POST /sdk/signin): the login and password as the game checks them. */
export const signInModel = z.object({
  username: usernameField,
  password: passwordField,
  captcha: captchaField,
});
export type SignInModel = z.input<typeof signInModel>;

/** A signed-in write that takes nothing but its session (sign out, end the other sessions). */
export const emptyModel = z.object({}).strict();

/** One session of the account's list, named by its public id (never the cookie's value). */
export const endSessionModel = z.object({
  id: boundedText(LIMITS.sessionIdMax, 'formInvalid', { trim: false }).min(1, 'formInvalid'),
});
export type EndSessionModel = z.input<typeof endSessionModel>;

/** A code of the second factor: six digits of the authenticator app, or a recovery code. */
export const secondFactorCodeModel = z.object({
  code: boundedText(LIMITS.secondFactorCodeMax, 'wrongSecondFactorCode').min(1, {
    error: 'wrongSecondFactorCode',
    abort: true,
  }),
});
export type SecondFactorCodeModel = z.input<typeof secondFactorCodeModel>;

/**
 * The password typed again before what protects the account changes (email, passkeys, the
 * authenticator): a stolen session alone cannot change them (docs/owner/accounts.md#a-stolen-session).
 */
export const confirmIdentityModel = z.object({ password: passwordField });
export type ConfirmIdentityModel = z.input<typeof confirmIdentityModel>;

/** Change password while signed in: the current password is asked again; the login is the session's. */
export const changeOwnPasswordModel = withConfirmations(
  z.object({
    password: passwordField,
    newPassword: newPasswordField,
    confirmPassword: boundedText(LIMITS.passwordInputMax, 'confirmPassRequirements', { trim: false }),
  }),
  [{ field: 'newPassword', confirm: 'confirmPassword', key: 'confirmPassRequirements' }],
);
export type ChangeOwnPasswordModel = z.input<typeof changeOwnPasswordModel>;

/** One of the signed-in account's characters, named by the page (the server checks it owns it). */
export const ownCharacterModel = z.object({ charName: charNameField, realm: characterRealmField });
export type OwnCharacterModel = z.input<typeof ownCharacterModel>;

/** A new PIN for one of the signed-in account's characters. */
export const ownPincodeModel = z.object({ charName: charNameField, pincode: pincodeField, realm: characterRealmField });
export type OwnPincodeModel = z.input<typeof ownPincodeModel>;

/** A second factor being set up: the secret to type, and the otpauth:// URI the page draws as a QR code. */
export const totpBeginAnswer = z.object({ secret: z.string(), uri: z.string() });
export type TotpBeginAnswer = z.infer<typeof totpBeginAnswer>;

/** The second factor switched on: its one-time recovery codes, shown this once. */
export const totpConfirmAnswer = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpConfirmAnswer = z.infer<typeof totpConfirmAnswer>;

/** A ban as the game keeps it: until is epoch milliseconds, null for good (or while not banned). */
export const banState = z.object({ banned: z.boolean(), until: z.number().nullable() });
export type BanState = z.infer<typeof banState>;

export const accountCharacter = z.object({
  name: z.string(),
  level: z.number(),
  classId: z.number(),
  /** The clan's name, empty without a clan. */
  clan: z.string(),
  online: z.boolean(),
  /** The character's last log-in or log-out, epoch milliseconds; null when the game never wrote one. */
  lastSeen: z.number().nullable(),
  pvp: z.number(),
  pk: z.number(),
  timePlayedSeconds: z.number(),
});
export type AccountCharacter = z.infer<typeof accountCharacter>;

/** One realm's characters of the account (decision 049); `available` false while its database does not answer. */
export const accountRealmCharacters = z.object({
  slug: z.string(),
  available: z.boolean(),
  characters: z.array(accountCharacter),
});
export type AccountRealmCharacters = z.infer<typeof accountRealmCharacters>;

/**
 * GET /sdk/account: the signed-in account. A banned account's session reads its login and its ban
 * only: the other fields are empty (null, []).
 */
export const accountAnswer = z.object({
  login: z.string(),
  /** The email with most of its name hidden (p***r@example.com); null when none is recorded. */
  email: z.string().nullable(),
  /** When the account was made, where the game keeps it (L2J); null elsewhere. */
  createdAt: z.number().nullable(),
  /** The sign-in before this session's, as the history keeps it (90 days). */
  lastSignIn: z.object({ at: z.number(), address: z.string(), device: z.string() }).nullable(),
  /**
   * The ban, with the reason the console's ban gave (null for a ban made in the game, or none);
   * a console ban's end where the game keeps none.
   */
  ban: banState.extend({ reason: z.string().nullable() }),
  characters: z.array(accountCharacter),
  /**
   * On a site of several realms, each realm's characters in the settings' order (the first's are
   * `characters` too); left out on a site of one realm.
   */
  realms: z.array(accountRealmCharacters).optional(),
  /** Whether the authenticator app's codes are asked at sign-in (false for a banned account's read). */
  secondFactor: z.boolean(),
  /**
   * Until when this session may change the email, passkeys and authenticator without the password
   * typed again (a few minutes after the sign-in or the last confirmation); null once past.
   */
  provedUntil: z.number().nullable(),
});
export type AccountAnswer = z.infer<typeof accountAnswer>;

export const sessionRow = z.object({
  id: z.string(),
  /** A short name of the browser and system from its User-Agent, e.g. "Firefox on Windows". */
  device: z.string(),
  address: z.string(),
  firstSeen: z.number(),
  lastSeen: z.number(),
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRow>;

export const SIGN_IN_OUTCOMES = ['success', 'banned', 'wrongPassword', 'locked', 'wrongCode'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];
export const signInRow = z.object({
  at: z.number(),
  address: z.string(),
  device: z.string(),
  outcome: z.enum(SIGN_IN_OUTCOMES),
});
export type SignInRow = z.infer<typeof signInRow>;

/**
 * A passkey (WebAuthn, docs/owner/accounts.md#passkeys): the browser's answer to the options the
 * site gave, as @simplewebauthn/browser returns it. Only its outer shape is checked here; the
 * server verifies the rest against the challenge it keeps.
 */
const webauthnText = (max: number) => z.string().max(max);
const passkeyAnswerShape = {
  id: webauthnText(LIMITS.passkeyIdMax).min(1),
  rawId: webauthnText(LIMITS.passkeyIdMax).min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
export const passkeyRegistrationModel = z.object({
  response: z.object({
    ...passkeyAnswerShape,
    response: z.object({
      clientDataJSON: webauthnText(LIMITS.passkeyDataMax),
      attestationObject: webauthnText(LIMITS.passkeyDataMax),
      transports: z.array(z.string().max(32)).max(8).optional(),
    }),
  }),
  /** What the player calls it in the list ("My phone"); empty: the site names it by its date. */
  name: boundedText(LIMITS.passkeyNameMax, 'formInvalid').default(''),
});
export type PasskeyRegistrationModel = z.input<typeof passkeyRegistrationModel>;
/** The page's add-a-passkey form: the name only; the browser's answer is added when it is sent. */
export const passkeyNameModel = passkeyRegistrationModel.pick({ name: true });

export const passkeySignInModel = z.object({
  response: z.object({
    ...passkeyAnswerShape,
    response: z.object({
      clientDataJSON: webauthnText(LIMITS.passkeyDataMax),
      authenticatorData: webauthnText(LIMITS.passkeyDataMax),
      signature: webauthnText(LIMITS.passkeyDataMax),
      userHandle: webauthnText(LIMITS.passkeyIdMax).optional(),
    }),
  }),
});
export type PasskeySignInModel = z.input<typeof passkeySignInModel>;

/** The options handed to the browser's navigator.credentials call, as @simplewebauthn/server makes them. */
export const passkeyOptionsAnswer = z.object({ challenge: z.string() }).loose();
export type PasskeyOptionsAnswer = z.infer<typeof passkeyOptionsAnswer>;

export const passkeyRow = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
});
export type PasskeyRow = z.infer<typeof passkeyRow>;

/** One passkey of the account's list, named by its credential id. */
export const removePasskeyModel = z.object({
  id: boundedText(LIMITS.passkeyIdMax, 'formInvalid', { trim: false }).min(1, 'formInvalid'),
});
export type RemovePasskeyModel = z.input<typeof removePasskeyModel>;

/** Change email (docs/product.md#change-email): the new address, confirmed by a link mailed to it. */
export const changeEmailModel = z.object({
  email: emailField,
  lang: z.enum(LANGUAGES).default('en'),
});
export type ChangeEmailModel = z.input<typeof changeEmailModel>;

/** The key of a mailed email-change link. */
export const confirmEmailModel = z.object({
  key: boundedText(LIMITS.recoveryKeyMax, 'emailLinkInvalid', { trim: false }).min(1, 'emailLinkInvalid'),
});
export type ConfirmEmailModel = z.input<typeof confirmEmailModel>;

/**
 * Where a reward of the account is (GET /sdk/account/rewards): queued (waits for the game or a
 * retry), delivered (in the game), atMerchant (delivered to the Dimensional Merchant, not yet
 * picked up), waitingInGame (written in items_delayed, not yet handed to the character, who gets
 * it while online), failed (the last try failed; retried), cancelled (a refunded donation's).
 */
export const REWARD_STATES = ['queued', 'delivered', 'atMerchant', 'waitingInGame', 'failed', 'cancelled'] as const;
export type RewardState = (typeof REWARD_STATES)[number];
/** Stream rewards are handed out in the game by its Rewards Manager NPC: the site keeps no record of them. */
export const REWARD_SOURCES = ['donation', 'vote', 'referral'] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];
export const rewardRow = z.object({
  source: z.enum(REWARD_SOURCES),
  /** The realm (its slug) whose character it goes to (decision 049). */
  realm: z.string(),
  /** The character it goes to. */
  character: z.string(),
  itemId: z.number(),
  count: z.number(),
  state: z.enum(REWARD_STATES),
  /** Delivery tries so far: more than one is a reward that failed and was tried again. */
  attempts: z.number(),
  createdAt: z.number(),
  deliveredAt: z.number().nullable(),
  /** A donation's amount and currency ("10.00 EUR"), empty for the others. */
  amount: z.string(),
});
export type RewardRow = z.infer<typeof rewardRow>;

/** How far a referred player got toward the referrer's reward. */
export const REFERRAL_STAGES = ['registered', 'playing', 'rewarded'] as const;
export type ReferralStage = (typeof REFERRAL_STAGES)[number];
export const accountReferralAnswer = z.object({
  /** The player's referral link. */
  link: z.string(),
  /** The level a referred character must reach for the reward. */
  playingLevel: z.number(),
  referred: z.array(
    z.object({
      /** The referred account's login, with most of it hidden (ab***z). */
      login: z.string(),
      registeredAt: z.number(),
      stage: z.enum(REFERRAL_STAGES),
      /** The best level of its characters. */
      level: z.number(),
    }),
  ),
});
export type AccountReferralAnswer = z.infer<typeof accountReferralAnswer>;
