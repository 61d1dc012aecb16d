import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default: too short for a lazy chunk on a loaded CI
// machine. They still end as soon as the element appears.
configure({ asyncUtilTimeout: 5_000 });

// jsdom's <dialog> neither opens nor closes as a modal: the site's dialogs open as an open <dialog>.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};
