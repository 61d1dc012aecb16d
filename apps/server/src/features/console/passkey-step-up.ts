import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { normalizeLogin } from '../../game/accounts';
import type { Passkeys } from '../sessions/passkeys';
import type { StepUpFactor } from './console-gate';

/**
 * A passkey as the console's step-up factor (docs/owner/console.md#second-factor), as the
 * site's own passkey sign-in (docs/decisions/028-passkeys.md): the options name the account's
 * passkeys, their challenge is bound to the session (its id_hash) and answered once; the answer
 * must come from a passkey of the signed-in account. It proves itself by its own call
 * (consoleSignInPasskey), never by a code.
 */
export const passkeyStepUp = (
  passkeys: Passkeys,
): StepUpFactor & {
  options(login: string, sessionHash: string, now: number): ReturnType<Passkeys['signInOptions']>;
  verifyAssertion(input: {
    login: string;
    sessionHash: string;
    response: AuthenticationResponseJSON;
    now: number;
  }): Promise<boolean>;
} => ({
  kind: 'passkey',
  isOn: (login) => passkeys.has(login),
  verify: async () => false,
  options: (login, sessionHash, now) => passkeys.signInOptions({ login, binding: sessionHash, now }),
  verifyAssertion: async ({ login, sessionHash, response, now }) => {
    const proof = await passkeys.verifySignIn({ response, bindings: [sessionHash], now });
    return proof !== undefined && proof.login === normalizeLogin(login);
  },
});

export type PasskeyStepUp = ReturnType<typeof passkeyStepUp>;
