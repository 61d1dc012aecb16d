import { CLASS_NAMES, GAME_NAME_KINDS, type GameNameKind, LANGUAGES, type Language } from '@gatekeeper/contract/lite';
import { GAME_NAMES } from '@gatekeeper/texts';
import { describe, expect, it } from 'vitest';
import { localeTexts } from './locale-texts';

/**
 * Fails when a translation is left in English: a value equal to the English one, or (in the
 * languages that do not write with Latin letters) an English word inside a translated sentence.
 * docs/translations.md says how each language is written and which game terms stay as they are.
 */
const load = (code: Language) => localeTexts(code);

/**
 * The reviewed values every language may share with English. Keep this list short: add a key
 * only for a proper name or a notation that the players of every language write the English way.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'site.name', // the site's name, Gatekeeper
  'menu.discord', // the brand Discord
  'legal.contact.discord',
  'statistics.names.statisticsKd', // "K/D": the kill/death ratio, written so in every L2 community
  'statistics.columns.kd',
  // The chronicle names: the client and every community call them by their English names.
  'mail.form.versions.interlude',
  'mail.form.versions.highfive',
  'mail.form.versions.classic',
  'mail.form.versions.god',
  // The rates' notations and the game's currency, written so by the players of every language.
  'shellFacts.exp',
  'shellFacts.sp',
  'shellFacts.adena',
  'online.none', // a dash where no value was recorded
  'myAccount.rewards.items', // a count and an item's name (from the game's names): no word of its own
  'shop.item', // the same for a line of a shop's pack
  'world.castles.siegeAt', // a siege's date and time, then the time zone's name
  // The payment providers' names: brands, written so in every language.
  'donate.form.provider.paypal',
  'donate.notice.provider.paypal',
  'donate.notice.provider.stripe',
  'donate.notice.provider.mercadopago',
  'console.donations.providers.paypal',
  'console.donations.providers.stripe',
  'console.donations.providers.mercadopago',
]);

/** Per language: values a native speaker writes exactly as English does. */
const SAME_IN: Partial<Record<Language, Set<string>>> = {
  ru: new Set(['dialog.ok']), // «OK» is the usual Russian button label
  gr: new Set([
    'dialog.ok', // "OK" is the usual Greek button label
    'shellFacts.rates', // "Rates" and "Drop": the Greek L2 players' own words, in Latin letters
    'shellFacts.drop',
  ]),
  // "Error", "Clan" and "No" are Spanish words too.
  es: new Set([
    ...['vote.errorTitle', 'statistics.columns.clan', 'mail.form.no', 'shellFacts.rates', 'shellFacts.drop'], // "rates" and "drop": the Spanish L2 players' own words
    'clan.kicker', // "Clan", as statistics.columns.clan
  ]),
  br: new Set([
    'dialog.ok', // "OK" is the usual Brazilian button label
    // "Downloads" is the Brazilian web's own word for a download section.
    'menu.downloads',
    'subMenu.downloads.title',
    'pages.downloads',
    'statistics.names.statisticsClasses', // "Classes" is the Portuguese plural of "classe"
    'menu.button', // "Menu" is the Portuguese word for the menu button
    'shellFacts.rates', // "rates" and "drop": the Brazilian L2 players' own words
    'shellFacts.drop',
  ]),
};
// The Olympiad page's "Noble" and "Clan" are Spanish words too.
for (const key of ['world.olympiad.noble', 'world.olympiad.clan']) SAME_IN.es?.add(key);
// The console's account look-up: Greek writes "Email", Spanish "Clan" and Brazilian "Login" as English does.
for (const key of ['console.accounts.by.email', 'console.accounts.email']) SAME_IN.gr?.add(key);
SAME_IN.es?.add('console.accounts.clan');
SAME_IN.br?.add('console.accounts.by.login');
SAME_IN.br?.add('console.shop.login');
SAME_IN.es?.add('console.shop.no');
// A castle's treasury in the game's currency, which Greek, Spanish and Brazilian players call adena.
for (const code of ['gr', 'es', 'br'] as const) SAME_IN[code]?.add('world.castles.adena');

/**
 * Latin-script words that may appear in a Greek or Russian text: brands, the chronicle names and
 * the game's own English names. Anything else of four or more Latin letters is English left over.
 */
const LATIN_WORDS_ALLOWED = new Set([
  'Gatekeeper',
  'Adena',
  'adena',
  'Lineage',
  'NCSOFT',
  'Corporation',
  'Discord',
  'Facebook',
  'YouTube',
  'PayPal',
  'Stripe',
  'Mercado',
  'Pago',
  'Windows',
  'HTML',
  'Interlude',
  'High',
  'Five',
  'Classic',
  'Goddess',
  'Destruction',
  // The news' text format and the web's address scheme, named so in every language.
  'Markdown',
  'https',
]);

/** Words a Greek or Russian text may add to LATIN_WORDS_ALLOWED, with the reason. */
const LATIN_WORDS_ALLOWED_IN: Partial<Record<Language, Set<string>>> = {
  // Greek web texts write "email", "captcha" and "cookies" in Latin letters, and Greek players say a server's
  // "rates" and "drop" as the English words. Greek players play the English
  // client, so the town of Aden, the Rewards Manager NPC and its Unregister button and the
  // Dimensional Merchant keep the names the game shows them.
  gr: new Set([
    'email',
    'Email',
    'captcha',
    'Aden',
    'Rewards',
    'Manager',
    'Unregister',
    'Rates',
    'rates',
    'Drop',
    'Dimensional',
    'Merchant',
    'cookie',
    'cookies',
    'Cookies',
  ]),
  // Russian web texts write "e-mail" in Latin letters.
  ru: new Set(['mail']),
};

/** Placeholders and markup are not words of the text. */
const words = (text: string) =>
  text
    .replace(/{{\s*\w+\s*}}/g, ' ')
    .replace(/<\/?\w+>/g, ' ')
    .match(/[A-Za-z]{4,}/g) ?? [];

const en = load('en');

describe.each(LANGUAGES.filter((code) => code !== 'en'))('%s.json', (code) => {
  const other = load(code);
  it('translates every value (except the reviewed proper names)', () => {
    const same = Object.keys(en).filter(
      (key) => other[key] === en[key] && !SAME_IN_EVERY_LANGUAGE.has(key) && !SAME_IN[code]?.has(key),
    );
    expect(same).toEqual([]);
  });
});

describe.each(['gr', 'ru'] as const)('%s.json', (code) => {
  const other = load(code);
  it('mixes no English word into a translated text', () => {
    const allowed = (word: string) => LATIN_WORDS_ALLOWED.has(word) || LATIN_WORDS_ALLOWED_IN[code]?.has(word);
    const mixed = Object.entries(other)
      .map(([key, text]) => [key, words(text).filter((word) => !allowed(word))] as const)
      .filter(([, found]) => found.length > 0)
      .map(([key, found]) => `${key}: ${found.join(', ')}`);
    expect(mixed).toEqual([]);
  });
});

/** English interface words a Lithuanian text must not contain (Lithuanian writes Latin letters). */
const ENGLISH_UI_WORDS =
  /(?<!\p{L})(server|online|offline|login|username|password|email|download|downloads|updater|link|stream|streams|event|events|coins|kills|deaths|assists|clans|heroes|classes|level|reputation|chronicle|order|chaos|the|and|your)(?!\p{L})/iu;

describe('lt.json', () => {
  it('mixes no English interface word into a translated text', () => {
    const lt = load('lt');
    const mixed = Object.entries(lt)
      .filter(([key]) => !SAME_IN_EVERY_LANGUAGE.has(key))
      .filter(([, text]) => ENGLISH_UI_WORDS.test(text.replace(/{{\s*\w+\s*}}/g, ' ')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(mixed).toEqual([]);
  });
});

/**
 * The game's names (decision 047, docs/translations.md#game-names): the kinds each language
 * translates. Russian has the official Russian client's names for everything; Greek players play
 * the English client and keep its names; Spanish and Brazilian players keep the English place and
 * boss names and say the classes in their language; Lithuanian also gives the castles its endings
 * (Adenas). The items keep the English client's names outside Russian: a player looks for the
 * reward in an inventory that names it so.
 */
const TRANSLATED_KINDS: Record<Exclude<Language, 'en'>, readonly GameNameKind[]> = {
  ru: ['castles', 'bosses', 'classes', 'items'],
  gr: [],
  es: ['classes'],
  br: ['classes'],
  lt: ['castles', 'classes'],
};

/** Names of a translated kind that the language writes exactly as English does, by id. */
const SAME_NAME_IN: Partial<Record<Language, Partial<Record<GameNameKind, Set<string>>>>> = {
  // "Maestro" and "Inspector" are Spanish words; "Berserker" is what Spanish and Brazilian players say.
  es: { classes: new Set(['118', '127', '135']) },
  br: { classes: new Set(['127']) },
};

describe('the game names', () => {
  it('has the contract’s class names as its English classes', () => {
    expect(GAME_NAMES.en.classes).toEqual(Object.fromEntries(Object.entries(CLASS_NAMES)));
  });

  describe.each(LANGUAGES.filter((code) => code !== 'en'))('%s', (code) => {
    it.each(GAME_NAME_KINDS)('names every %s the English table names, and nothing else', (kind) => {
      const table: Record<string, string> = GAME_NAMES[code][kind];
      expect(Object.keys(table)).toEqual(Object.keys(GAME_NAMES.en[kind]));
      expect(Object.entries(table).filter(([, name]) => name.trim() === '')).toEqual([]);
    });

    it.each(TRANSLATED_KINDS[code])('translates every name of %s (its policy translates them)', (kind) => {
      const english: Record<string, string> = GAME_NAMES.en[kind];
      const table: Record<string, string> = GAME_NAMES[code][kind];
      const same = Object.keys(english).filter(
        (id) => table[id] === english[id] && !SAME_NAME_IN[code]?.[kind]?.has(id),
      );
      expect(same).toEqual([]);
    });
  });

  it('mixes no Latin letters into the Russian names', () => {
    // An item's grade is a Latin letter in the Russian client too: «Свиток: Модифицировать Оружие (S)».
    const GRADE = / \([SABCD]\)$/;
    const mixed = GAME_NAME_KINDS.flatMap((kind) =>
      Object.entries(GAME_NAMES.ru[kind] as Record<string, string>)
        .filter(([, name]) => /[A-Za-z]/.test(kind === 'items' ? name.replace(GRADE, '') : name))
        .map(([id, name]) => `${kind} ${id}: ${name}`),
    );
    expect(mixed).toEqual([]);
  });
});
