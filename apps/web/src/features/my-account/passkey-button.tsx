import { useTranslation } from 'react-i18next';
import { errorCodesOf } from '../../api/client';
import { useDialog } from '../../components/dialog';
import { useSubmitGuard } from '../../components/form/use-submit-guard';
import { ScriptButton } from '../../components/script-button';
import { passkeyPromptClosed, signInWithPasskey } from './passkey-ceremonies';

/** "Sign in with a passkey" (alone) or "Use a passkey" (the second step): the browser asks for it. */
export const PasskeySignInButton = ({ label, onSignedIn }: { label: string; onSignedIn: () => void }) => {
  const { t } = useTranslation();
  const showDialog = useDialog();
  const { busy, start, finish } = useSubmitGuard();
  const signIn = async () => {
    if (!start()) return;
    try {
      await signInWithPasskey();
      onSignedIn();
    } catch (error) {
      const codes = errorCodesOf(error);
      showDialog({
        tone: 'error',
        title: t('myAccount.signIn.failed'),
        message:
          codes.length > 0
            ? codes.map((code) => t(code))
            : [t(passkeyPromptClosed(error) ? 'myAccount.passkeys.closed' : 'ServerError')],
      });
    } finally {
      finish();
    }
  };
  return (
    <ScriptButton className="button" disabled={busy} onClick={() => void signIn()}>
      {label}
    </ScriptButton>
  );
};
