/** The models of My account's forms: loaded when a form is first used (components/form/form-definition.ts). */
export {
  changeEmailModel,
  passkeyNameModel,
  changeOwnPasswordModel,
  confirmIdentityModel,
  ownCharacterModel,
  ownPincodeModel,
  secondFactorCodeModel,
  signInModel,
  redeemPromoCodeModel,
} from '@gatekeeper/contract';
