import { isLanguage } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { SiteForm } from '../../components/form/site-form';
import { useSiteData } from '../../shared/site-data';
import { MY_ACCOUNT_FORMS } from './my-account-forms';

/**
 * Change email (docs/product.md#change-email): the new address gets a link that makes the change,
 * the old one a notice; nothing changes until the link is opened (features/home/home-query.ts).
 */
export const ChangeEmailSection = () => {
  const { t, i18n } = useTranslation();
  const { metadata } = useSiteData();
  // The change is made by a mailed link: without mail the form could not finish.
  if (metadata?.sendsMail === false) {
    return (
      <p role="status" className="page-notice">
        {t('myAccount.email.closed')}
      </p>
    );
  }
  return (
    <>
      <p>{t('myAccount.email.intro')}</p>
      <SiteForm
        config={{
          call: 'changeEmail',
          form: MY_ACCOUNT_FORMS.changeEmail,
          captcha: false,
          submitLabel: 'myAccount.email.submit',
          prepare: (values) => ({ ...values, lang: isLanguage(i18n.language) ? i18n.language : 'en' }),
          success: { title: 'myAccount.email.sentTitle', message: 'myAccount.email.sent' },
          failureTitle: 'myAccount.security.failed',
        }}
      />
    </>
  );
};
