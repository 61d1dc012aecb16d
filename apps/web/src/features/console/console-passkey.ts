import { callApi } from '../../api/client';

/** The browser's own refusals (its prompt closed, no passkey there): not the server's. */
export const passkeyPromptClosed = (error: unknown) =>
  error instanceof Error && ['NotAllowedError', 'AbortError', 'InvalidStateError'].includes(error.name);

/**
 * The console's step-up with a passkey (docs/owner/console.md#second-factor): the options bound
 * to this session, navigator.credentials.get() through @simplewebauthn/browser (loaded only
 * now), and the answer. A refusal rejects with the server's error codes.
 */
export const stepUpWithPasskey = async (): Promise<void> => {
  const [{ startAuthentication }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    callApi('consoleStepUpPasskeyOptions', { body: {} }),
  ]);
  if (Array.isArray(options)) throw new Error('The passkey options answer is a list');
  const response = await startAuthentication({ optionsJSON: options });
  const extensions = response.clientExtensionResults as Record<string, unknown>;
  await callApi('consoleSignInPasskey', { body: { response: { ...response, clientExtensionResults: extensions } } });
};
