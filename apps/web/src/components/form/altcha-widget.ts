import 'altcha/external';
import 'altcha/i18n/all';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

// The strict-CSP build: styles from our CSS bundle, workers from our own origin.
for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}

/** Mounts an ALTCHA widget that fetches its challenge from our server and reports the payload. */
export const mountAltcha = async (
  host: HTMLElement,
  options: { challengeUrl: string; language: string; onToken: (token: string) => void },
) => {
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('challenge', options.challengeUrl);
  widget.setAttribute('language', options.language);
  widget.setAttribute('name', 'captcha');
  widget.setAttribute('configuration', JSON.stringify({ hideFooter: true, hideLogo: false }));
  widget.addEventListener('statechange', (event) => {
    const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
    options.onToken(detail.state === 'verified' && detail.payload ? detail.payload : '');
  });
  host.replaceChildren(widget);
  return {
    reset: () => {
      widget.reset?.();
      options.onToken('');
    },
    destroy: () => widget.remove(),
  };
};
