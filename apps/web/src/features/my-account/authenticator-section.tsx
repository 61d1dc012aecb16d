import type { TotpBeginAnswer } from '@gatekeeper/contract/lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, errorCodesOf } from '../../api/client';
import { CopyButton } from '../../components/copy-button';
import { useDialog } from '../../components/dialog';
import { SiteForm } from '../../components/form/site-form';
import { MY_ACCOUNT_FORMS } from './my-account-forms';
import { StateBadge } from './state-badge';

type Step =
  | { kind: 'off' }
  | { kind: 'setup'; begun: TotpBeginAnswer }
  | { kind: 'codes'; recoveryCodes: string[] }
  | { kind: 'on' }
  | { kind: 'switchingOff' };

/** The QR code's quiet zone, in modules: the 4 its standard asks, so every phone's camera finds it. */
export const QR_QUIET_ZONE = 4;
const QR_SIZE = 232;

/** The otpauth:// address drawn as a QR code (npm qrcode), black on white, loaded only when it is shown. */
const useQrCode = (uri: string | undefined) => {
  const [image, setImage] = useState<string>();
  useEffect(() => {
    if (!uri) return;
    let live = true;
    void import('qrcode')
      .then((qrcode) =>
        qrcode.toDataURL(uri, {
          margin: QR_QUIET_ZONE,
          width: QR_SIZE,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((url) => live && setImage(url));
    return () => {
      live = false;
    };
  }, [uri]);
  return image;
};

/** The base32 secret in groups of four characters, as an authenticator app's manual entry reads best. */
export const groupSecret = (secret: string): string => (secret.match(/.{1,4}/g) ?? []).join(' ');

/** The secret to type by hand: grouped for the eye, copied whole (no spaces) by its button. */
const SecretField = ({ secret }: { secret: string }) => {
  const { t } = useTranslation();
  const shown = useRef<HTMLElement>(null);
  return (
    <div className="my-account__secret" role="group" aria-labelledby="authenticator-secret">
      <span id="authenticator-secret" className="my-account__secret-label">
        {t('myAccount.authenticator.secretLabel')}
      </span>
      <div className="my-account__secret-line">
        <code ref={shown} className="my-account__secret-value" translate="no">
          {groupSecret(secret)}
        </code>
        <CopyButton
          value={secret}
          label={t('myAccount.authenticator.copySecret')}
          copiedLabel={t('myAccount.authenticator.secretCopied')}
          select={shown}
        />
      </div>
    </div>
  );
};

/** On or off as words beside the section's title (colour only repeats them). */
export const AuthenticatorBadge = ({ on }: { on: boolean }) => {
  const { t } = useTranslation();
  return (
    <StateBadge tone={on ? 'on' : 'off'}>
      {t(on ? 'myAccount.authenticator.badgeOn' : 'myAccount.authenticator.badgeOff')}
    </StateBadge>
  );
};

/**
 * The second factor (docs/product.md#my-account): an authenticator app's codes asked at sign-in,
 * on the site only. Each state has one main action: off, "Switch on"; setting up (QR code with its
 * quiet zone, the secret grouped with a copy button), the app's code and "Switch on"; the ten
 * recovery codes, shown once, "I have saved them"; on, no gold button: "Switch off" opens a
 * confirmation that asks a code and warns the recovery codes stop working.
 */
export const AuthenticatorSection = ({ on, onChanged }: { on: boolean; onChanged: (on: boolean) => void }) => {
  const { t } = useTranslation();
  const showDialog = useDialog();
  const [step, setStep] = useState<Step>(on ? { kind: 'on' } : { kind: 'off' });
  const qr = useQrCode(step.kind === 'setup' ? step.begun.uri : undefined);
  // Each step replaces the button that led to it, so the keyboard's focus moves into the new step:
  // the confirmation's code field, the on or off state's button, else the step's start (its text).
  const stepStart = useRef<HTMLDivElement>(null);
  const shownKind = useRef(step.kind);
  useEffect(() => {
    if (shownKind.current === step.kind) return;
    shownKind.current = step.kind;
    const target = stepStart.current;
    if (!target) return;
    const control =
      step.kind === 'switchingOff'
        ? target.querySelector('input')
        : step.kind === 'on' || step.kind === 'off'
          ? target.querySelector('button')
          : null;
    (control ?? target).focus();
  }, [step.kind]);

  const begin = async () => {
    try {
      const begun = await callApi('beginTotp', { body: {} });
      if (Array.isArray(begun)) throw new Error('unexpected answer');
      setStep({ kind: 'setup', begun });
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
      <div ref={stepStart} tabIndex={-1} className="my-account__step">
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
              {qr ? <img src={qr} alt={t('myAccount.authenticator.qrAlt')} width={QR_SIZE} height={QR_SIZE} /> : null}
            </div>
            <SecretField secret={step.begun.secret} />
            <p>{t('myAccount.authenticator.setupNext')}</p>
            <SiteForm
              config={{
                call: 'confirmTotp',
                form: MY_ACCOUNT_FORMS.switchOnCode,
                captcha: false,
                submitLabel: 'myAccount.authenticator.confirm',
                cancel: { label: 'myAccount.authenticator.cancel', onCancel: () => setStep({ kind: 'off' }) },
                failureTitle: 'myAccount.security.failed',
                onAnswer: (answer) => {
                  // A success is the codes; the call's other answer, a list of errors, arrives as a refusal.
                  setStep({ kind: 'codes', recoveryCodes: 'recoveryCodes' in answer ? answer.recoveryCodes : [] });
                  onChanged(true);
                },
              }}
            />
          </>
        )}
        {step.kind === 'codes' && <RecoveryCodes codes={step.recoveryCodes} onSaved={() => setStep({ kind: 'on' })} />}
        {step.kind === 'on' && (
          <>
            <p>{t('myAccount.authenticator.on')}</p>
            <button type="button" className="button" onClick={() => setStep({ kind: 'switchingOff' })}>
              {t('myAccount.authenticator.switchOff')}
            </button>
          </>
        )}
        {step.kind === 'switchingOff' && (
          <>
            <p>{t('myAccount.authenticator.offConfirm')}</p>
            <SiteForm
              config={{
                call: 'disableTotp',
                form: MY_ACCOUNT_FORMS.secondFactor,
                captcha: false,
                submitLabel: 'myAccount.authenticator.switchOff',
                submitTone: 'danger',
                cancel: { label: 'myAccount.authenticator.cancel', onCancel: () => setStep({ kind: 'on' }) },
                failureTitle: 'myAccount.security.failed',
                onAnswer: () => {
                  setStep({ kind: 'off' });
                  onChanged(false);
                },
              }}
            />
          </>
        )}
      </div>
    </div>
  );
};

/** The ten recovery codes, shown once, with a button that copies them one a line. */
const RecoveryCodes = ({ codes, onSaved }: { codes: string[]; onSaved: () => void }) => {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  return (
    <>
      <p role="status">{t('myAccount.authenticator.recoveryIntro')}</p>
      <ol ref={list} className="my-account__recovery-codes" aria-label={t('myAccount.authenticator.recoveryCodes')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="my-account__actions">
        <CopyButton
          value={codes.join('\n')}
          label={t('myAccount.authenticator.copyCodes')}
          copiedLabel={t('myAccount.authenticator.codesCopied')}
          select={list}
        />
        <button type="button" className="button button--primary" onClick={onSaved}>
          {t('myAccount.authenticator.saved')}
        </button>
      </div>
    </>
  );
};
