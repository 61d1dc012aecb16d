/**
 * The donation agreement is accepted once per visit (docs/product.md#donate: agreement view, then the
 * donation view, once, and it stays): the tab remembers it until it is closed.
 */
const KEY = 'donate.agreementAccepted';

export const readAgreementAccepted = (): boolean => {
  try {
    return window.sessionStorage.getItem(KEY) === 'yes';
  } catch {
    return false;
  }
};

export const rememberAgreementAccepted = (): void => {
  try {
    window.sessionStorage.setItem(KEY, 'yes');
  } catch {
    // Storage refused (private mode): the agreement then stays accepted until the page is left.
  }
};
