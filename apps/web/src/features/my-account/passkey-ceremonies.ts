import { callApi } from '../../api/client';

/**
 * The browser's side of a passkey (docs/owner/accounts.md#passkeys): the site's options handed to
 * navigator.credentials through @simplewebauthn/browser, loaded only when a passkey is used.
 */

/** The browser's own refusals (the player closed its prompt, no passkey there): no server error. */
export const passkeyPromptClosed = (error: unknown) =>
  error instanceof Error && ['NotAllowedError', 'AbortError', 'InvalidStateError'].includes(error.name);

const unexpected = () => new Error('The passkey options answer is a list');

/** Signs in with a passkey: alone, or as the second step after the password. */
export const signInWithPasskey = async (): Promise<void> => {
  const [{ startAuthentication }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    callApi('passkeySignInOptions', { body: {} }),
  ]);
  if (Array.isArray(options)) throw unexpected();
  const response = await startAuthentication({ optionsJSON: options });
  const extensions = response.clientExtensionResults as Record<string, unknown>;
  await callApi('signInPasskey', { body: { response: { ...response, clientExtensionResults: extensions } } });
};

/** The browser's answer to a new passkey's options, for POST /sdk/account/passkeys/add. */
export const createPasskey = async () => {
  const [{ startRegistration }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    callApi('passkeyRegistrationOptions', { body: {} }),
  ]);
  if (Array.isArray(options)) throw unexpected();
  return startRegistration({ optionsJSON: options as never });
};
