/** The models of My account's forms: loaded when a form is first used (components/form/form-definition.ts). */
export {
  changeEmailModel,
  passkeyNameModel,
  changeOwnPasswordModel,
  ownCharacterModel,
  ownPincodeModel,
  secondFactorCodeModel,
  signInModel,
} from '@gatekeeper/contract';
