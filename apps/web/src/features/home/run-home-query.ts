import type { TFunction } from 'i18next';
import { callApi, errorCodesOf } from '../../api/client';
import type { DialogContent } from '../../components/dialog';
import type { HomeQueryAction } from './home-query';

/**
 * The texts of a failed call (docs/product.md#error-codes-and-dialogs): a refusal, or a 503 "try again in a minute", answers
 * a translation key (or a list of them), shown joined; anything else is ServerError.
 */
export const failureMessages = (error: unknown, t: TFunction, exists: (key: string) => boolean): string[] => {
  const keys = errorCodesOf(error).filter((key) => exists(key));
  return keys.length > 0 ? keys.map((key) => t(key)) : [t('ServerError')];
};

/** Runs the actions of the home page's address, each with its dialog. */
export const runHomeQuery = async (
  actions: HomeQueryAction[],
  { t, exists, showDialog }: { t: TFunction; exists: (key: string) => boolean; showDialog: (c: DialogContent) => void },
): Promise<void> => {
  for (const action of actions) {
    if (action.kind === 'unsubscribe') {
      const { kind: _kind, ...body } = action;
      try {
        await callApi('unsubscribe', { body });
        showDialog({ tone: 'success', title: t('home.subscriptionTitle'), message: t('subscriptionUpdated') });
      } catch (error) {
        showDialog({ tone: 'error', title: t('subscriptionUpdateFailed'), message: failureMessages(error, t, exists) });
      }
    } else if (action.kind === 'emailChange') {
      try {
        await callApi('confirmEmail', { body: { key: action.key } });
        showDialog({ tone: 'success', title: t('home.emailChangeTitle'), message: t('home.emailChanged') });
      } catch (error) {
        showDialog({ tone: 'error', title: t('home.emailChangeFailed'), message: failureMessages(error, t, exists) });
      }
    } else {
      try {
        const password = await callApi('getNewPassword', { query: { key: action.key } });
        showDialog({
          tone: 'success',
          title: t('passRecovery'),
          message: t('newPasswordIs'),
          copyable: { value: password, label: t('home.copyPassword'), copiedLabel: t('home.passwordCopied') },
        });
      } catch (error) {
        showDialog({ tone: 'error', title: t('passRecovery'), message: failureMessages(error, t, exists) });
      }
    }
  }
};
