/** The longest device name kept (site_sessions.device, site_sign_ins.device). */
const DEVICE_MAX = 64;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short name of a browser and its system from a User-Agent ("Firefox on Windows"), what a
 * player recognises in the list of sessions; the start of the header itself when neither is known.
 */
export const deviceOf = (userAgent: string | undefined): string => {
  const agent = (userAgent ?? '').trim();
  if (agent === '') return '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  // Printable ASCII only: the name is shown as text, and fits any column's character set.
  return agent.replace(/[^\x20-\x7e]/g, '').slice(0, DEVICE_MAX);
};

/** Where a request comes from, as the sessions list and the sign-in history show it. */
export const seenOf = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
  address: request.ip,
  device: deviceOf(request.headers['user-agent']),
});
