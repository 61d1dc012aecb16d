import { LIMITS } from '@gatekeeper/contract/lite';
import { defineForm } from '../../components/form/form-definition';
import { FIELDS } from '../../components/form/fields';

const models = () => import('./my-account-models');

/** The authenticator's six digits or a recovery code (docs/product.md#my-account). */
const CODE_FIELD = {
  name: 'code',
  label: 'myAccount.code',
  autoComplete: 'one-time-code',
  maxLength: LIMITS.secondFactorCodeMax,
  hint: 'myAccount.codeHint',
} as const;

export const MY_ACCOUNT_FORMS = {
  signIn: defineForm(() => models().then((m) => m.signInModel), [FIELDS.username, FIELDS.password]),
  secondFactor: defineForm(() => models().then((m) => m.secondFactorCodeModel), [CODE_FIELD]),
  /** Switching the authenticator on: no recovery code exists yet, so the hint asks for the app's digits. */
  switchOnCode: defineForm(
    () => models().then((m) => m.secondFactorCodeModel),
    [{ ...CODE_FIELD, hint: 'myAccount.authenticator.setupCodeHint' }],
  ),
  changePassword: defineForm(
    () => models().then((m) => m.changeOwnPasswordModel),
    [{ ...FIELDS.password, label: 'myAccount.currentPassword' }, FIELDS.newPassword, FIELDS.confirmPassword],
  ),
  confirmIdentity: defineForm(
    () => models().then((m) => m.confirmIdentityModel),
    [{ ...FIELDS.password, label: 'myAccount.currentPassword' }],
  ),
  changeEmail: defineForm(
    () => models().then((m) => m.changeEmailModel),
    [{ ...FIELDS.email, label: 'myAccount.email.newEmail' }],
  ),
  /** The browser's answer joins the name when the form is sent (passkey-ceremonies.ts). */
  addPasskey: defineForm(
    () => models().then((m) => m.passkeyNameModel),
    [
      {
        name: 'name',
        label: 'myAccount.passkeys.name',
        autoComplete: 'off',
        maxLength: LIMITS.passkeyNameMax,
        hint: 'myAccount.passkeys.nameHint',
      },
    ],
  ),
  /** A promo code, and the character a code of items goes to (docs/product.md#redeempromocode). */
  redeemPromoCode: defineForm(
    () => models().then((m) => m.redeemPromoCodeModel),
    [
      { name: 'code', label: 'wallet.promo.code', autoComplete: 'off', maxLength: LIMITS.promoCodeMax },
      { ...FIELDS.charName, label: 'wallet.promo.character' },
    ],
  ),
  /**
   * The character is the row's: the form has no field of its own, only its button. On a site of
   * several realms the row's realm goes with it (decision 049).
   */
  unblock: (charName: string, realm?: string) =>
    defineForm(() => models().then((m) => m.ownCharacterModel), [], realm ? { charName, realm } : { charName }),
  pincode: (charName: string, realm?: string) =>
    defineForm(
      () => models().then((m) => m.ownPincodeModel),
      [FIELDS.pincode],
      realm ? { charName, realm } : { charName },
    ),
};
