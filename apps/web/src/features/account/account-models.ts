/** The account forms' models: loaded when a form is first used (see components/form/form-definition.ts). */
export {
  changePasswordModel,
  changePincodeModel,
  recoverPasswordModel,
  registerModel,
  unblockCharacterModel,
} from '@gatekeeper/contract';
