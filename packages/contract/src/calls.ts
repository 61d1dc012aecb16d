/**
 * The /sdk calls (docs/product.md#calls) as plain data: method, path and how the answer is read.
 * The browser's first load imports this without any schema library; api.ts adds the schemas.
 */
export const CALLS = {
  getMetadata: { method: 'GET', path: '/sdk/getmetadata', answer: 'json' },
  getCaptcha: { method: 'GET', path: '/sdk/captcha', answer: 'json' },
  getCaptchaChallenge: { method: 'GET', path: '/sdk/captcha/challenge', answer: 'json' },
  getServerStatus: { method: 'GET', path: '/sdk/getserverstatus', answer: 'json' },
  getRealmStatus: { method: 'GET', path: '/sdk/getrealmstatus', answer: 'json' },
  getLiveStreams: { method: 'GET', path: '/sdk/getlivestreams', answer: 'json' },
  getNews: { method: 'GET', path: '/sdk/getnews', answer: 'json' },
  getYoutubeVideos: { method: 'GET', path: '/sdk/getyoutubevideos', answer: 'json' },
  getIpAddress: { method: 'GET', path: '/sdk/getipaddress', answer: 'text' },
  addVisitor: { method: 'POST', path: '/sdk/addvisitor', answer: 'json' },
  addFacebookToken: { method: 'POST', path: '/sdk/addfacebooktoken', answer: 'json' },
  mail: { method: 'POST', path: '/sdk/mail', answer: 'json' },
  unsubscribe: { method: 'POST', path: '/sdk/unsubscribe', answer: 'json' },
  getNewPassword: { method: 'GET', path: '/sdk/getnewpassword', answer: 'text' },
  createAccount: { method: 'POST', path: '/sdk/createaccount', answer: 'json' },
  changePassword: { method: 'POST', path: '/sdk/changepassword', answer: 'json' },
  recoverPassword: { method: 'POST', path: '/sdk/recoverpassword', answer: 'json' },
  changePincode: { method: 'POST', path: '/sdk/changepincode', answer: 'json' },
  // The path keeps the name the site's first SDK gave it.
  unblockCharacter: { method: 'POST', path: '/sdk/fixcharacter', answer: 'json' },
  isCharacterExist: { method: 'GET', path: '/sdk/ischaracterexist', answer: 'json' },
  claimVotes: { method: 'POST', path: '/sdk/claimvotes', answer: 'json' },
  createDonationOrder: { method: 'POST', path: '/sdk/createdonationorder', answer: 'json' },
  updateRef: { method: 'POST', path: '/sdk/updateref', answer: 'json' },
  updateIps: { method: 'POST', path: '/sdk/updateips', answer: 'json' },
  getReferralLink: { method: 'GET', path: '/sdk/getreferrallink', answer: 'text' },
  getReferralStatistics: { method: 'GET', path: '/sdk/getreferralstatistics', answer: 'json' },
  getScoreStatistics: { method: 'GET', path: '/sdk/getscorestatistics', answer: 'json' },
  getAssistsStatistics: { method: 'GET', path: '/sdk/getassistsstatistics', answer: 'json' },
  getKillsStatistics: { method: 'GET', path: '/sdk/getkillsstatistics', answer: 'json' },
  getDeathsStatistics: { method: 'GET', path: '/sdk/getdeathsstatistics', answer: 'json' },
  getKdStatistics: { method: 'GET', path: '/sdk/getkdstatistics', answer: 'json' },
  getEventTimeStatistics: { method: 'GET', path: '/sdk/geteventtimestatistics', answer: 'json' },
  getClansStatistics: { method: 'GET', path: '/sdk/getclansstatistics', answer: 'json' },
  getHeroesStatistics: { method: 'GET', path: '/sdk/getheroesstatistics', answer: 'json' },
  getClassStatistics: { method: 'GET', path: '/sdk/getclassstatistics', answer: 'json' },
  getVotersStatistics: { method: 'GET', path: '/sdk/getvotersstatistics', answer: 'json' },
  // The world pages (docs/product.md#world).
  getBosses: { method: 'GET', path: '/sdk/getbosses', answer: 'json' },
  getOlympiad: { method: 'GET', path: '/sdk/getolympiad', answer: 'json' },
  getCastles: { method: 'GET', path: '/sdk/getcastles', answer: 'json' },
  // A clan's page (docs/product.md#clan-page); its crest is the picture at CLAN_CREST_PATH.
  getClan: { method: 'GET', path: '/sdk/getclan', answer: 'json' },
  // Online over time and who is online (docs/product.md#online).
  getOnlineHistory: { method: 'GET', path: '/sdk/getonlinehistory', answer: 'json' },
  getOnlinePlayers: { method: 'GET', path: '/sdk/getonlineplayers', answer: 'json' },
  // The public reads described for the community's own tools (docs/product.md#openapi).
  getOpenApi: { method: 'GET', path: '/sdk/openapi.json', answer: 'json' },
  // A player's own account (docs/owner/accounts.md#sessions): sign in once, then calls of the session.
  signIn: { method: 'POST', path: '/sdk/signin', answer: 'json' },
  signOut: { method: 'POST', path: '/sdk/signout', answer: 'json' },
  getAccount: { method: 'GET', path: '/sdk/account', answer: 'json' },
  getSessions: { method: 'GET', path: '/sdk/account/sessions', answer: 'json' },
  endSession: { method: 'POST', path: '/sdk/account/sessions/end', answer: 'json' },
  endOtherSessions: { method: 'POST', path: '/sdk/account/sessions/endothers', answer: 'json' },
  getSignIns: { method: 'GET', path: '/sdk/account/signins', answer: 'json' },
  // The second factor (docs/owner/accounts.md#second-factor): an authenticator app's codes.
  signInSecondFactor: { method: 'POST', path: '/sdk/signin/secondfactor', answer: 'json' },
  beginTotp: { method: 'POST', path: '/sdk/account/totp/begin', answer: 'json' },
  confirmTotp: { method: 'POST', path: '/sdk/account/totp/confirm', answer: 'json' },
  disableTotp: { method: 'POST', path: '/sdk/account/totp/disable', answer: 'json' },
  // Passkeys (docs/owner/accounts.md#passkeys): a sign-in of their own, or the second factor's step.
  passkeySignInOptions: { method: 'POST', path: '/sdk/signin/passkey/options', answer: 'json' },
  signInPasskey: { method: 'POST', path: '/sdk/signin/passkey', answer: 'json' },
  getPasskeys: { method: 'GET', path: '/sdk/account/passkeys', answer: 'json' },
  passkeyRegistrationOptions: { method: 'POST', path: '/sdk/account/passkeys/options', answer: 'json' },
  addPasskey: { method: 'POST', path: '/sdk/account/passkeys/add', answer: 'json' },
  removePasskey: { method: 'POST', path: '/sdk/account/passkeys/remove', answer: 'json' },
  // Change email (docs/product.md#change-email): a link mailed to the new address confirms it.
  changeEmail: { method: 'POST', path: '/sdk/account/email', answer: 'json' },
  // The password typed again: what protects the account can then be changed for a few minutes.
  confirmIdentity: { method: 'POST', path: '/sdk/account/confirm', answer: 'json' },
  confirmEmail: { method: 'POST', path: '/sdk/confirmemail', answer: 'json' },
  // What reached the game for the account, and what its referral link brought.
  getRewards: { method: 'GET', path: '/sdk/account/rewards', answer: 'json' },
  getAccountReferral: { method: 'GET', path: '/sdk/account/referral', answer: 'json' },
  // The account tools without the login and password typed again (docs/product.md#my-account).
  changeOwnPassword: { method: 'POST', path: '/sdk/account/password', answer: 'json' },
  unblockOwnCharacter: { method: 'POST', path: '/sdk/account/characters/unblock', answer: 'json' },
  changeOwnPincode: { method: 'POST', path: '/sdk/account/characters/pincode', answer: 'json' },
  // The owner's console (docs/owner/console.md): a gm or owner, stepped up with the second factor.
  getConsoleMe: { method: 'GET', path: '/sdk/console/me', answer: 'json' },
  consoleSignIn: { method: 'POST', path: '/sdk/console/signin', answer: 'json' },
  getConsoleAudit: { method: 'GET', path: '/sdk/console/audit', answer: 'json' },
  getConsoleDashboard: { method: 'GET', path: '/sdk/console/dashboard', answer: 'json' },
  getConsoleRewards: { method: 'GET', path: '/sdk/console/rewards', answer: 'json' },
  retryConsoleReward: { method: 'POST', path: '/sdk/console/rewards/retry', answer: 'json' },
  cancelConsoleReward: { method: 'POST', path: '/sdk/console/rewards/cancel', answer: 'json' },
  getConsoleFailedMails: { method: 'GET', path: '/sdk/console/mail/failed', answer: 'json' },
  retryConsoleFailedMails: { method: 'POST', path: '/sdk/console/mail/retryfailed', answer: 'json' },
  // The console's News and Mail sections (docs/product.md#console-news, #console-mail).
  getConsoleNews: { method: 'GET', path: '/sdk/console/news', answer: 'json' },
  getConsoleNewsPost: { method: 'GET', path: '/sdk/console/news/post', answer: 'json' },
  saveConsoleNews: { method: 'POST', path: '/sdk/console/news/save', answer: 'json' },
  deleteConsoleNews: { method: 'POST', path: '/sdk/console/news/delete', answer: 'json' },
  previewConsoleNews: { method: 'POST', path: '/sdk/console/news/preview', answer: 'json' },
  getConsoleNewsVersions: { method: 'GET', path: '/sdk/console/news/versions', answer: 'json' },
  getConsoleMailRecipients: { method: 'GET', path: '/sdk/console/mail/recipients', answer: 'json' },
  previewConsoleMail: { method: 'POST', path: '/sdk/console/mail/preview', answer: 'json' },
  sendConsoleMail: { method: 'POST', path: '/sdk/console/mail/send', answer: 'json' },
  getConsoleMailJob: { method: 'GET', path: '/sdk/console/mail/job', answer: 'json' },
  // The console's Donations, Votes and Accounts sections and its passkey step-up (docs/owner/console.md).
  consoleStepUpPasskeyOptions: { method: 'POST', path: '/sdk/console/signin/passkeyoptions', answer: 'json' },
  consoleSignInPasskey: { method: 'POST', path: '/sdk/console/signin/passkey', answer: 'json' },
  getConsoleDonations: { method: 'GET', path: '/sdk/console/donations', answer: 'json' },
  getConsoleDonationsCsv: { method: 'GET', path: '/sdk/console/donations/csv', answer: 'text' },
  retryConsoleDonation: { method: 'POST', path: '/sdk/console/donations/retry', answer: 'json' },
  resolveConsoleDonation: { method: 'POST', path: '/sdk/console/donations/resolve', answer: 'json' },
  getConsoleVotes: { method: 'GET', path: '/sdk/console/votes', answer: 'json' },
  getConsoleAccount: { method: 'GET', path: '/sdk/console/accounts', answer: 'json' },
  // The owner's actions on an account (docs/owner/console.md#accounts): features/accounts/console-section.ts.
  banConsoleAccount: { method: 'POST', path: '/sdk/console/accounts/ban', answer: 'json' },
  unbanConsoleAccount: { method: 'POST', path: '/sdk/console/accounts/unban', answer: 'json' },
  endConsoleAccountSessions: { method: 'POST', path: '/sdk/console/accounts/endsessions', answer: 'json' },
  sendConsoleAccountReset: { method: 'POST', path: '/sdk/console/accounts/sendreset', answer: 'json' },
  resetConsoleAccountFactor: { method: 'POST', path: '/sdk/console/accounts/resetfactor', answer: 'json' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: `/sdk/${string}`; answer: 'json' | 'text' }>;

export type CallName = keyof typeof CALLS;
