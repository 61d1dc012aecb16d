// Debian's Chromium as the end-to-end tests and the bench launch it: no downloaded browsers, and
// nothing that would reach beyond this machine. CHROMIUM_PATH points elsewhere.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
