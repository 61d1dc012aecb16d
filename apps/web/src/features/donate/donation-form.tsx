import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DonationFormValues,
  LIMITS,
  type Metadata,
  type PaymentProviderName,
  coinsForDonation,
  donationFormModel,
  SUPPORTER_CODE_MAX,
  normalizeSupporterCode,
  toCents,
} from '@gatekeeper/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callApi, errorCodesOf } from '../../api/client';
import { recordRefEvent } from '../../api/ref-events';
import { useFormats } from '../../shared/formats';
import { useItemNames } from '../../shared/item-names';
import { useDialog } from '../../components/dialog';
import { type FieldSpec, FormField } from '../../components/form/form-field';
import '../../components/form/form.css';
import { ScriptButton } from '../../components/script-button';
import { useSubmitGuard } from '../../components/form/use-submit-guard';
import { Link, useLocation } from '../../shared/navigation';
import { useSignedInLogin } from '../../shared/signed-in';
import { useLanguage } from '../../shared/use-language';
import { DonationContact } from './donation-contact';
import { PaypalMark } from './paypal-mark';

/** The amount as the provider's form wants it: a dot and two decimals. */
const providerAmount = (amount: string) => (toCents(amount) / 100).toFixed(2);

/** An amount as a donor first sees it in the field: 10, or 12.5 with its decimals. */
const fieldAmount = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));

/** Money (an amount in whole units, 12.5) and counts written as the visitor's language writes them. */
const useNumberFormats = (currency: string) => {
  const format = useFormats();
  return useMemo(
    () => ({
      money: (amount: number) => format.money(Math.round(amount * 100), currency),
      count: (value: number) => format.number(value),
    }),
    [format, currency],
  );
};

/**
 * The donation view: the character that receives the coins and the amount, checked by the
 * contract's rules. With PayPal Orders the site then creates the order (it checks the character)
 * and the browser goes to PayPal's approval link; with the legacy form, ischaracterexist
 * (docs/product.md#donate: charDoesntExist, ServerError), and only for an existing character the provider's own
 * form is posted, leaving for its page. With donations to the wallet (donation.target 'wallet')
 * no character is asked: the coins go to the signed-in donor's wallet, which the page says; PayPal
 * is then always an order the site creates (the server refuses the legacy form with the wallet).
 */
export const DonationForm = ({ metadata, focusHeading }: { metadata: Metadata; focusHeading: boolean }) => {
  const { t } = useTranslation();
  const showDialog = useDialog();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const providerForm = useRef<HTMLFormElement>(null);
  const { busy, start, finish } = useSubmitGuard();
  const [payment, setPayment] = useState<{ charName: string; amount: string }>();
  const { donation } = metadata;
  const toWallet = donation.target === 'wallet';
  const login = useSignedInLogin();
  const { href } = useLanguage();
  // The coin by its item id in the page's language; the owner's coins.name for a custom item.
  const coinsName = useItemNames()(metadata.coinItemId, metadata.coinsName);
  const schema = useMemo(() => donationFormModel(donation), [donation]);
  // A partner's link fills the supporter code: /donate?supporter=CODE (docs/owner/payments.md#supporter-codes).
  const supporterFromLink = new URLSearchParams(useLocation().search).get('supporter')?.slice(0, SUPPORTER_CODE_MAX);
  const form = useForm<DonationFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      charName: '',
      amount: fieldAmount(donation.defaultAmount),
      provider: donation.providers[0]?.id,
      supporterCode: normalizeSupporterCode(supporterFromLink) ?? '',
    },
    mode: 'onTouched',
  });
  // The provider chosen (the only one, or the donor's pick) sets the currency and the rate.
  const providerId = useWatch({ control: form.control, name: 'provider' });
  const provider = donation.providers.find((candidate) => candidate.id === providerId) ?? donation.providers[0];
  const currency = provider?.currency ?? donation.currency;
  const coinsPerUnit = provider?.coinsPerUnit ?? metadata.coinsPerEuro;
  const { money, count } = useNumberFormats(currency);
  const amount = useWatch({ control: form.control, name: 'amount' });
  const coins = schema.shape.amount.safeParse(amount).success
    ? coinsForDonation(toCents(amount), coinsPerUnit)
    : undefined;
  const chosenCents = toCents(amount);
  const chosenPreset = donation.presets.find((preset) => Math.round(preset * 100) === chosenCents);
  const presetsId = useId();

  const choosePreset = (preset: number) =>
    form.setValue('amount', fieldAmount(preset), { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  const chooseOther = () => {
    form.setFocus('amount', { shouldSelect: true });
  };

  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);

  // The provider's form is posted once React has written the donor's values into it.
  useEffect(() => {
    if (payment) providerForm.current?.submit();
  }, [payment]);

  // Back from the provider's page (the browser's back/forward cache): the form works again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      finish();
      setPayment(undefined);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [finish]);

  const fail = (message: string) => {
    showDialog({ tone: 'error', title: t('donate.errorTitle'), message });
    finish();
  };

  /**
   * PayPal Orders v2, Stripe, Mercado Pago: the site creates the payment (checking the character),
   * then the provider's own page.
   */
  const startOrder = async (
    charName: string,
    amount: string,
    via: PaymentProviderName,
    supporterCode: string | undefined,
  ) => {
    let approveUrl: string;
    try {
      const body = {
        ...(toWallet ? {} : { charName }),
        amount,
        ...(via === 'paypal' ? {} : { provider: via }),
        ...(supporterCode && via !== 'paypal' ? { supporterCode } : {}),
      };
      ({ approveUrl } = await callApi('createDonationOrder', { body }));
    } catch (error) {
      fail(t(errorCodesOf(error)[0] ?? 'ServerError'));
      return;
    }
    recordRefEvent('donated');
    window.location.assign(approveUrl);
  };

  const onValid = async (values: DonationFormValues) => {
    if (!start()) return;
    const charName = values.charName.trim();
    const via = provider?.id ?? 'paypal';
    if (via !== 'paypal' || donation.checkout === 'orders') {
      await startOrder(charName, providerAmount(values.amount), via, normalizeSupporterCode(values.supporterCode));
      return;
    }
    let exists: boolean;
    try {
      exists = await callApi('isCharacterExist', { query: { name: charName } });
    } catch (error) {
      fail(t(errorCodesOf(error)[0] ?? 'ServerError'));
      return;
    }
    if (!exists) {
      fail(t('charDoesntExist'));
      return;
    }
    recordRefEvent('donated');
    setPayment({ charName, amount: providerAmount(values.amount) });
  };

  const onInvalid = (errors: FieldErrors<DonationFormValues>) => {
    for (const name of Object.keys(errors) as (keyof DonationFormValues)[]) {
      form.setValue(name, form.getValues(name), { shouldTouch: true, shouldValidate: true });
    }
  };

  const [charNameField, amountField]: FieldSpec<DonationFormValues>[] = [
    {
      name: 'charName',
      label: 'donate.charNameLabel',
      autoComplete: 'off',
      maxLength: LIMITS.charNameMax,
      hint: 'donate.charNameHint',
      errorReplacesHint: true,
    },
    {
      name: 'amount',
      label: 'donate.amountLabel',
      inputMode: 'decimal',
      maxLength: 10,
      hint: 'donate.amountHint',
      errorReplacesHint: true,
      textValues: { currency, min: money(donation.minAmount), max: money(donation.maxAmount) },
    },
  ];
  // Supporter codes go with the provider layer's payments (Stripe, Mercado Pago), not PayPal's.
  const supporterField: FieldSpec<DonationFormValues> = {
    name: 'supporterCode',
    label: 'donate.supporterCodeLabel',
    autoComplete: 'off',
    maxLength: SUPPORTER_CODE_MAX,
    hint: 'donate.supporterCodeHint',
    errorReplacesHint: true,
  };
  const providerField: FieldSpec<DonationFormValues> = {
    name: 'provider',
    type: 'radio',
    label: 'donate.form.provider.label',
    options: donation.providers.map((offered) => ({ value: offered.id, label: `donate.form.provider.${offered.id}` })),
  };

  return (
    <section className="donate-form" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="donate-heading">
        {t('donate.form.heading')}
      </h3>
      {toWallet ? (
        <>
          <p>{t('donate.form.walletRate', { amount: money(1), coins: count(coinsPerUnit) })}</p>
          <p className="donate-form__wallet">
            {login ? (
              t('donate.form.walletOf', { login })
            ) : (
              <Link to={href('myAccount')}>{t('donate.form.walletSignIn')}</Link>
            )}
          </p>
        </>
      ) : (
        <p>{t('donate.form.rate', { amount: money(1), coins: count(coinsPerUnit), coinsName })}</p>
      )}
      <form
        className="site-form"
        method="post"
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
      >
        {donation.providers.length > 1 && <FormField form={form} spec={providerField} />}
        {charNameField && !toWallet && <FormField form={form} spec={charNameField} />}
        {donation.presets.length > 0 && (
          <div className="donate-presets" role="group" aria-labelledby={presetsId}>
            <p id={presetsId} className="donate-presets__label">
              {t('donate.form.presetsLabel')}
            </p>
            <div className="donate-presets__buttons">
              {donation.presets.map((preset) => (
                <button
                  key={preset}
                  type="button"
                  className="button donate-presets__button"
                  aria-pressed={chosenPreset === preset}
                  onClick={() => choosePreset(preset)}
                >
                  {money(preset)}
                </button>
              ))}
              <button
                type="button"
                className="button donate-presets__button"
                aria-pressed={chosenPreset === undefined}
                onClick={chooseOther}
              >
                {t('donate.form.otherAmount')}
              </button>
            </div>
          </div>
        )}
        {amountField && <FormField form={form} spec={amountField} />}
        {provider !== undefined && provider.id !== 'paypal' && <FormField form={form} spec={supporterField} />}
        <p className="donate-form__coins" aria-live="polite">
          {coins !== undefined &&
            (toWallet
              ? t('donate.form.walletPreview', { coins: count(coins) })
              : t('donate.form.coinsPreview', { coins: count(coins), coinsName }))}
        </p>
        <div className="donate-payment">
          <p className="donate-payment__method">
            <span>{t('donate.form.paymentMethod')}</span>{' '}
            {provider === undefined || provider.id === 'paypal' ? (
              <PaypalMark />
            ) : (
              <strong>{t(`donate.form.provider.${provider.id}`)}</strong>
            )}
          </p>
          <p className="donate-form__provider">
            {provider === undefined || provider.id === 'paypal'
              ? t('donate.form.providerNote')
              : t(`donate.form.provider.note.${provider.id}`)}
          </p>
        </div>
        <ScriptButton
          type="submit"
          className="button button--primary site-form__submit"
          aria-busy={busy}
          disabled={busy}
        >
          {busy ? t('forms.processing') : t('donate.form.submit')}
        </ScriptButton>
      </form>
      <DonationContact contact={donation.contact} />
      {donation.checkout === 'standard' && (
        <form ref={providerForm} action={donation.action} method="post" acceptCharset="utf-8" hidden>
          {Object.entries(donation.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name={donation.amountField} value={payment?.amount ?? ''} />
          <input type="hidden" name={donation.characterField} value={payment?.charName ?? ''} />
        </form>
      )}
    </section>
  );
};
