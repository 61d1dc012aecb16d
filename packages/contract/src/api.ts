import { z } from 'zod';
import { CALLS } from './calls';
import { LIMITS } from './constants';
import { boundedText } from './rules';
import { donationOrderAnswer, donationOrderModel } from './donations';
import {
  accountAnswer,
  accountReferralAnswer,
  changeEmailModel,
  confirmEmailModel,
  passkeyOptionsAnswer,
  passkeyRegistrationModel,
  passkeyRow,
  passkeySignInModel,
  removePasskeyModel,
  rewardRow,
  emptyModel,
  endSessionModel,
  secondFactorCodeModel,
  totpBeginAnswer,
  totpConfirmAnswer,
  sessionRow,
  signInModel,
  signInRow,
  captchaConfig,
  changePasswordModel,
  changePincodeModel,
  claimVotesModel,
  clanRow,
  classRow,
  errorList,
  facebookToken,
  facebookTokenResponse,
  ipUpdate,
  liveStream,
  mailAnswer,
  mailModel,
  metadata,
  rankedValueRow,
  recoverPasswordModel,
  referralLinkRequest,
  referralRow,
  refUpdate,
  registerModel,
  serverStatus,
  unblockCharacterModel,
  unsubscribe,
  visitor,
  voteClaimAnswer,
  youtubeVideo,
} from './models';

/**
 * The /sdk calls (docs/product.md#calls) with their schemas: the server registers its handlers from
 * this table (request validation) and tests read answers through it. Paths come from calls.ts.
 */
const json = <R extends z.ZodType>(response: R) => ({ response });

export const api = {
  getMetadata: { ...CALLS.getMetadata, ...json(metadata) },
  getCaptcha: { ...CALLS.getCaptcha, ...json(captchaConfig) },
  getCaptchaChallenge: { ...CALLS.getCaptchaChallenge, ...json(z.unknown()) },
  getServerStatus: { ...CALLS.getServerStatus, ...json(serverStatus) },
  getLiveStreams: { ...CALLS.getLiveStreams, ...json(z.array(liveStream)) },
  getYoutubeVideos: { ...CALLS.getYoutubeVideos, ...json(z.array(youtubeVideo)) },
  getIpAddress: { ...CALLS.getIpAddress, response: z.string() },
  addVisitor: { ...CALLS.addVisitor, body: visitor, ...json(z.unknown()) },
  addFacebookToken: { ...CALLS.addFacebookToken, body: facebookToken, ...json(facebookTokenResponse) },
  mail: { ...CALLS.mail, body: mailModel, ...json(mailAnswer) },
  unsubscribe: { ...CALLS.unsubscribe, body: unsubscribe, ...json(z.unknown()) },
  getNewPassword: {
    ...CALLS.getNewPassword,
    query: z.object({ key: boundedText(LIMITS.recoveryKeyMax, 'invalidKey', { trim: false }).min(1) }),
    response: z.string(),
  },
  createAccount: { ...CALLS.createAccount, body: registerModel, ...json(errorList) },
  changePassword: { ...CALLS.changePassword, body: changePasswordModel, ...json(errorList) },
  recoverPassword: { ...CALLS.recoverPassword, body: recoverPasswordModel, ...json(errorList) },
  changePincode: { ...CALLS.changePincode, body: changePincodeModel, ...json(errorList) },
  unblockCharacter: { ...CALLS.unblockCharacter, body: unblockCharacterModel, ...json(errorList) },
  isCharacterExist: {
    ...CALLS.isCharacterExist,
    query: z.object({ name: boundedText(LIMITS.charNameQueryMax, 'formInvalid', { trim: false }) }),
    ...json(z.boolean()),
  },
  claimVotes: { ...CALLS.claimVotes, body: claimVotesModel, ...json(voteClaimAnswer) },
  createDonationOrder: { ...CALLS.createDonationOrder, body: donationOrderModel, ...json(donationOrderAnswer) },
  updateRef: { ...CALLS.updateRef, body: refUpdate, ...json(z.unknown()) },
  updateIps: { ...CALLS.updateIps, body: ipUpdate, ...json(z.unknown()) },
  getReferralLink: { ...CALLS.getReferralLink, query: referralLinkRequest, response: z.string() },
  getReferralStatistics: { ...CALLS.getReferralStatistics, ...json(z.array(referralRow)) },
  getScoreStatistics: { ...CALLS.getScoreStatistics, ...json(z.array(rankedValueRow)) },
  getAssistsStatistics: { ...CALLS.getAssistsStatistics, ...json(z.array(rankedValueRow)) },
  getKillsStatistics: { ...CALLS.getKillsStatistics, ...json(z.array(rankedValueRow)) },
  getDeathsStatistics: { ...CALLS.getDeathsStatistics, ...json(z.array(rankedValueRow)) },
  getKdStatistics: { ...CALLS.getKdStatistics, ...json(z.array(rankedValueRow)) },
  getEventTimeStatistics: { ...CALLS.getEventTimeStatistics, ...json(z.array(rankedValueRow)) },
  getClansStatistics: { ...CALLS.getClansStatistics, ...json(z.array(clanRow)) },
  getHeroesStatistics: { ...CALLS.getHeroesStatistics, ...json(z.array(rankedValueRow)) },
  getClassStatistics: { ...CALLS.getClassStatistics, ...json(z.array(classRow)) },
  getVotersStatistics: { ...CALLS.getVotersStatistics, ...json(z.array(rankedValueRow)) },
  signIn: { ...CALLS.signIn, body: signInModel, ...json(errorList) },
  signOut: { ...CALLS.signOut, body: emptyModel, ...json(errorList) },
  getAccount: { ...CALLS.getAccount, ...json(accountAnswer) },
  getSessions: { ...CALLS.getSessions, ...json(z.array(sessionRow)) },
  endSession: { ...CALLS.endSession, body: endSessionModel, ...json(errorList) },
  endOtherSessions: { ...CALLS.endOtherSessions, body: emptyModel, ...json(errorList) },
  getSignIns: { ...CALLS.getSignIns, ...json(z.array(signInRow)) },
  signInSecondFactor: { ...CALLS.signInSecondFactor, body: secondFactorCodeModel, ...json(errorList) },
  beginTotp: { ...CALLS.beginTotp, body: emptyModel, ...json(z.union([totpBeginAnswer, errorList])) },
  confirmTotp: { ...CALLS.confirmTotp, body: secondFactorCodeModel, ...json(z.union([totpConfirmAnswer, errorList])) },
  disableTotp: { ...CALLS.disableTotp, body: secondFactorCodeModel, ...json(errorList) },
  passkeySignInOptions: {
    ...CALLS.passkeySignInOptions,
    body: emptyModel,
    ...json(z.union([passkeyOptionsAnswer, errorList])),
  },
  signInPasskey: { ...CALLS.signInPasskey, body: passkeySignInModel, ...json(errorList) },
  getPasskeys: { ...CALLS.getPasskeys, ...json(z.array(passkeyRow)) },
  passkeyRegistrationOptions: {
    ...CALLS.passkeyRegistrationOptions,
    body: emptyModel,
    ...json(z.union([passkeyOptionsAnswer, errorList])),
  },
  addPasskey: { ...CALLS.addPasskey, body: passkeyRegistrationModel, ...json(errorList) },
  removePasskey: { ...CALLS.removePasskey, body: removePasskeyModel, ...json(errorList) },
  changeEmail: { ...CALLS.changeEmail, body: changeEmailModel, ...json(errorList) },
  confirmEmail: { ...CALLS.confirmEmail, body: confirmEmailModel, ...json(errorList) },
  getRewards: { ...CALLS.getRewards, ...json(z.array(rewardRow)) },
  getAccountReferral: { ...CALLS.getAccountReferral, ...json(accountReferralAnswer) },
} as const satisfies {
  [N in keyof typeof CALLS]: (typeof CALLS)[N] & { response: z.ZodType; body?: z.ZodType; query?: z.ZodType };
};

export type Api = typeof api;
export type ResponseOf<N extends keyof Api> = z.infer<Api[N]['response']>;
export type BodyOf<N extends keyof Api> = Api[N] extends { body: z.ZodType } ? z.input<Api[N]['body']> : never;
export type QueryOf<N extends keyof Api> = Api[N] extends { query: z.ZodType } ? z.input<Api[N]['query']> : never;
