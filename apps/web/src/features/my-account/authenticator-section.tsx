import type { TotpBeginAnswer } from '@gatekeeper/contract/lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, errorCodesOf } from '../../api/client';
import { useDialog } from '../../components/dialog';
import { SiteForm } from '../../components/form/site-form';
import { MY_ACCOUNT_FORMS } from './my-account-forms';

type Step =
  | { kind: 'off' }
  | { kind: 'setup'; begun: TotpBeginAnswer; qr: string | undefined }
  | { kind: 'codes'; recoveryCodes: string[] }
  | { kind: 'on' };

/** The otpauth:// address drawn as a QR code (npm qrcode), loaded only when it is shown. */
const useQrCode = (uri: string | undefined) => {
  const [image, setImage] = useState<string>();
  useEffect(() => {
    if (!uri) return;
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(uri, { margin: 1, width: 200 }))
      .then((url) => live && setImage(url));
    return () => {
      live = false;
    };
  }, [uri]);
  return image;
};

/**
 * The second factor (docs/product.md#my-account): an authenticator app's codes asked at sign-in,
 * on the site only. Switching on shows the secret as a QR code and as text and asks a code; the
 * ten recovery codes are shown once. Switching off asks a code too.
 */
export const AuthenticatorSection = ({ on, onChanged }: { on: boolean; onChanged: () => void }) => {
  const { t } = useTranslation();
  const showDialog = useDialog();
  const [step, setStep] = useState<Step>(on ? { kind: 'on' } : { kind: 'off' });
  const qr = useQrCode(step.kind === 'setup' ? step.begun.uri : undefined);

  const begin = async () => {
    try {
      const begun = await callApi('beginTotp', { body: {} });
      if (Array.isArray(begun)) throw new Error('unexpected answer');
      setStep({ kind: 'setup', begun, qr: undefined });
    } catch (error) {
      const codes = errorCodesOf(error);
      showDialog({
        tone: 'error',
        title: t('myAccount.security.failed'),
        message: codes.length > 0 ? codes.map((code) => t(code)) : [t('ServerError')],
      });
    }
  };

  return (
    <div className="my-account__authenticator">
      <p className="page-notice">{t('myAccount.authenticator.siteOnly')}</p>
      {step.kind === 'off' && (
        <>
          <p>{t('myAccount.authenticator.off')}</p>
          <button type="button" className="button button--primary" onClick={() => void begin()}>
            {t('myAccount.authenticator.switchOn')}
          </button>
        </>
      )}
      {step.kind === 'setup' && (
        <>
          <p>{t('myAccount.authenticator.scan')}</p>
          <div className="my-account__qr">
            {qr ? <img src={qr} alt={t('myAccount.authenticator.qrAlt')} width={200} height={200} /> : null}
          </div>
          <label className="my-account__secret">
            {t('myAccount.authenticator.secretLabel')} <input readOnly value={step.begun.secret} spellCheck={false} />
          </label>
          <SiteForm
            config={{
              call: 'confirmTotp',
              form: MY_ACCOUNT_FORMS.secondFactor,
              captcha: false,
              submitLabel: 'myAccount.authenticator.confirm',
              failureTitle: 'myAccount.security.failed',
              onAnswer: (answer) => {
                const codes = (answer as { recoveryCodes?: string[] }).recoveryCodes ?? [];
                setStep({ kind: 'codes', recoveryCodes: codes });
                onChanged();
              },
            }}
          />
        </>
      )}
      {step.kind === 'codes' && (
        <>
          <p role="status">{t('myAccount.authenticator.recoveryIntro')}</p>
          <ol className="my-account__recovery-codes" aria-label={t('myAccount.authenticator.recoveryCodes')}>
            {step.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
          <button type="button" className="button" onClick={() => setStep({ kind: 'on' })}>
            {t('myAccount.authenticator.saved')}
          </button>
        </>
      )}
      {step.kind === 'on' && (
        <>
          <p>{t('myAccount.authenticator.on')}</p>
          <SiteForm
            config={{
              call: 'disableTotp',
              form: MY_ACCOUNT_FORMS.secondFactor,
              captcha: false,
              submitLabel: 'myAccount.authenticator.switchOff',
              failureTitle: 'myAccount.security.failed',
              onAnswer: () => {
                setStep({ kind: 'off' });
                onChanged();
              },
            }}
          />
        </>
      )}
    </div>
  );
};
