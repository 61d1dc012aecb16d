import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { CALLS } from './calls';
import { CLASS_IDS, CLASS_NAMES, className } from './classes';
import {
  COOKIES,
  COUNTDOWN,
  DEFAULT_CHAOS_PERCENT,
  DEFAULT_LANGUAGE,
  DEFAULT_METADATA_TEXT,
  DEFAULT_ORDER_PERCENT,
  LANGUAGES,
  LAYOUT,
  LIMITS,
  LIVE_STREAM_SLOTS,
  LOCALES_INDEX_PATH,
  PASSWORD_SYMBOLS,
  VOTE_SITE_COUNT,
} from './constants';
import { DIALOG_TITLES, ERROR_CODES, MAIL_REFUSALS } from './error-codes';

const DAY_MS = 24 * 60 * 60 * 1000;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('class names', () => {
  it('has exactly the ids 0-57, 88-118 and 123-136', () => {
    const expected = [...range(0, 57), ...range(88, 118), ...range(123, 136)];
    expect(
      Object.keys(CLASS_NAMES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(expected);
    expect([...CLASS_IDS].sort((a, b) => a - b)).toEqual(expected);
  });

  it('has unique, non-empty names', () => {
    const names = Object.values(CLASS_NAMES);
    for (const name of names) expect(name.trim()).not.toBe('');
    expect(new Set(names).size).toBe(names.length);
  });

  it('names a known class and falls back for an unknown id', () => {
    expect(className(0)).toBe('Human Fighter');
    expect(className(136)).toBe('Judicator');
    expect(className(999)).toBe('Class 999');
    expect(className(60)).toBe('Class 60');
  });
});

describe('call table', () => {
  const callNames = Object.keys(CALLS).sort();
  const apiNames = Object.keys(api).sort();

  it('lists the same calls in calls.ts and api.ts', () => {
    expect(apiNames).toEqual(callNames);
  });

  it.each(Object.keys(CALLS) as (keyof typeof CALLS)[])('%s has the same method and path in both tables', (name) => {
    expect(api[name].method).toBe(CALLS[name].method);
    expect(api[name].path).toBe(CALLS[name].path);
  });

  it('puts every call under /sdk/ at a unique path', () => {
    const paths = Object.values(CALLS).map((call) => call.path);
    // The OpenAPI document keeps the name tools look for (docs/product.md#openapi).
    for (const path of paths) expect(path).toMatch(/^\/sdk\/([a-z]+(\/[a-z]+){0,2}|openapi\.json)$/);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('covers every path of the /sdk calls', () => {
    const specPaths = [
      'getmetadata',
      'getserverstatus',
      'getrealmstatus',
      'getlivestreams',
      'getnews',
      'getyoutubevideos',
      'getipaddress',
      'addvisitor',
      'addfacebooktoken',
      'mail',
      'unsubscribe',
      'getnewpassword',
      'createaccount',
      'changepassword',
      'recoverpassword',
      'changepincode',
      'fixcharacter',
      'ischaracterexist',
      'updateref',
      'updateips',
      'getreferrallink',
      'getreferralstatistics',
      'getscorestatistics',
      'getassistsstatistics',
      'getkillsstatistics',
      'getdeathsstatistics',
      'getkdstatistics',
      'geteventtimestatistics',
      'getclansstatistics',
      'getheroesstatistics',
      'getclassstatistics',
    ].map((path) => `/sdk/${path}`);
    // The captcha configuration and the ALTCHA challenge came on top of the original calls.
    const designPaths = ['/sdk/captcha', '/sdk/captcha/challenge'];
    // So did the vote reward claim, the top voters and PayPal's orders.
    const issuePaths = ['/sdk/claimvotes', '/sdk/getvotersstatistics', '/sdk/createdonationorder'];
    // The world's reads: bosses, online over time, who is online, and their OpenAPI document.
    const worldPaths = [
      '/sdk/getbosses',
      '/sdk/getcastles',
      '/sdk/getolympiad',
      '/sdk/getonlinehistory',
      '/sdk/getonlineplayers',
      '/sdk/openapi.json',
    ];
    // A clan's page (docs/product.md#clan-page).
    const clanPaths = ['/sdk/getclan'];
    // The wallet and the shop (docs/product.md#wallet-and-shop-calls).
    const shopPaths = ['/sdk/getwallet', '/sdk/getshop', '/sdk/buyshopitem', '/sdk/getorders', '/sdk/redeempromocode'];
    // And a player's own account: sign-in and the calls of its session.
    const accountPaths = [
      '/sdk/signin',
      '/sdk/signout',
      '/sdk/account',
      '/sdk/account/sessions',
      '/sdk/account/sessions/end',
      '/sdk/account/sessions/endothers',
      '/sdk/account/signins',
      '/sdk/signin/secondfactor',
      '/sdk/account/totp/begin',
      '/sdk/account/totp/confirm',
      '/sdk/account/totp/disable',
      '/sdk/signin/passkey/options',
      '/sdk/signin/passkey',
      '/sdk/account/passkeys',
      '/sdk/account/passkeys/options',
      '/sdk/account/passkeys/add',
      '/sdk/account/passkeys/remove',
      '/sdk/account/confirm',
      '/sdk/account/email',
      '/sdk/confirmemail',
      '/sdk/account/rewards',
      '/sdk/account/referral',
      '/sdk/account/password',
      '/sdk/account/characters/unblock',
      '/sdk/account/characters/pincode',
    ];
    // And the owner's console: everything under /sdk/console/ (its own test lists who may call each).
    const consolePaths = Object.values(CALLS)
      .map((call) => call.path)
      .filter((path) => path.startsWith('/sdk/console/'));
    expect(consolePaths.length).toBeGreaterThanOrEqual(3);
    expect(
      Object.values(CALLS)
        .map((call) => call.path)
        .sort(),
    ).toEqual(
      [
        ...specPaths,
        ...designPaths,
        ...issuePaths,
        ...worldPaths,
        ...clanPaths,
        ...shopPaths,
        ...accountPaths,
        ...consolePaths,
      ].sort(),
    );
  });

  it('sends a body schema exactly with the POST calls', () => {
    for (const [name, call] of Object.entries(api)) {
      expect('body' in call, name).toBe(call.method === 'POST');
    }
  });

  it('reads the text answers of getipaddress, getnewpassword, getreferrallink and the console CSVs as text', () => {
    const textCalls = Object.entries(CALLS)
      .filter(([, call]) => call.answer === 'text')
      .map(([name]) => name)
      .sort();
    expect(textCalls).toEqual([
      'getConsoleDonationsCsv',
      'getConsoleShopOrdersCsv',
      'getConsoleSupporterCodesCsv',
      'getIpAddress',
      'getNewPassword',
      'getReferralLink',
    ]);
  });
});

describe('translation keys', () => {
  const en = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../texts/locales/en.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const hasText = (key: string) => typeof en[key] === 'string' && en[key].trim() !== '';

  it.each([...ERROR_CODES])('error code %s has an English text', (code) => {
    expect(hasText(code)).toBe(true);
  });

  it.each([...MAIL_REFUSALS])('mail refusal %s has an English text', (key) => {
    const [group, name] = key.split('.') as [string, string];
    const text = (en[group] as Record<string, unknown> | undefined)?.[name];
    expect(typeof text === 'string' && text.trim() !== '').toBe(true);
  });

  it.each([...DIALOG_TITLES.failure, ...DIALOG_TITLES.success, ...DIALOG_TITLES.successMessages])(
    'dialog key %s has an English text',
    (key) => {
      expect(hasText(key)).toBe(true);
    },
  );

  it('lists every error code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('names the dialog titles of the error catalogue, in its order', () => {
    const spec = (list: readonly string[]) => list.join(' ');
    expect(spec(DIALOG_TITLES.failure)).toBe(
      'charUnblockFailed pincodeChangeFailed passRecovery passChangeFailed registerFail getReferralFail subscriptionUpdateFailed',
    );
    expect(spec(DIALOG_TITLES.success)).toBe('charUnblocked pincodeChanged passChanged registerComplete');
    expect(spec(DIALOG_TITLES.successMessages)).toBe(
      'charUnblockMessage pincodeChangeSucceeded passChangeSucceeded registerCompleteMessage passRecoveryInstructions referralLinkText newPasswordIs subscriptionUpdated',
    );
  });
});

describe('business constants', () => {
  it('has the field limits', () => {
    // docs/product.md#constants: username 6-14, password 8-15, PIN 6-8, email up to 250.
    const { usernameMin, usernameMax, passwordMin, passwordMax, pincodeMin, pincodeMax, emailMax } = LIMITS;
    expect([usernameMin, usernameMax, passwordMin, passwordMax, pincodeMin, pincodeMax, emailMax]).toEqual([
      6, 14, 8, 15, 6, 8, 250,
    ]);
  });

  it('has the password symbols of the field rules', () => {
    expect([...PASSWORD_SYMBOLS].sort()).toEqual(
      [',', '.', '/', '!', '@', '#', '$', '%', '^', '*', '_', '=', '+'].sort(),
    );
  });

  it('keeps the users and charName cookies 90 days and the language cookie 30 days', () => {
    expect(COOKIES.users.name).toBe('users');
    expect(COOKIES.users.maxAgeMs).toBe(90 * DAY_MS);
    expect(COOKIES.users.separator).toBe('|');
    expect(COOKIES.charName.name).toBe('charName');
    expect(COOKIES.charName.maxAgeMs).toBe(90 * DAY_MS);
    expect(COOKIES.language.maxAgeMs).toBe(30 * DAY_MS);
  });

  it('names the anti-forgery cookie and header of DESIGN section 5', () => {
    expect(COOKIES.csrf).toEqual({ name: 'XSRF-TOKEN', header: 'x-xsrf-token' });
  });

  it('has the countdown rings and redraw interval', () => {
    expect(COUNTDOWN).toEqual({
      ringsMax: { days: 365, hours: 24, minutes: 60, seconds: 60, hundredths: 100 },
      redrawMs: 11,
    });
  });

  it('has 3 live-stream slots and ten vote sites', () => {
    expect(LIVE_STREAM_SLOTS).toBe(3);
    expect(VOTE_SITE_COUNT).toBe(10);
  });

  it('has six languages in order with en the default', () => {
    expect([...LANGUAGES]).toEqual(['en', 'ru', 'gr', 'es', 'br', 'lt']);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it('has the default texts and percentages', () => {
    expect(DEFAULT_METADATA_TEXT).toBe('N/A');
    expect(DEFAULT_ORDER_PERCENT).toBe(50);
    expect(DEFAULT_CHAOS_PERCENT).toBe(50);
  });

  it('has the layout sizes', () => {
    expect(LAYOUT).toEqual({ rightPaneMinWidth: 1450, mainColumnWidth: 1000, maxPageWidth: 1450, headerHeight: 780 });
  });

  it('keeps the locale index at assets/locales.json', () => {
    expect(LOCALES_INDEX_PATH).toBe('/assets/locales.json');
  });
});
