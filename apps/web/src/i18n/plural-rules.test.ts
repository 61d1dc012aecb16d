import { LANGUAGES, LANGUAGE_TAGS, type Language } from '@gatekeeper/contract/lite';
import br from '@gatekeeper/texts/locales/br.json';
import en from '@gatekeeper/texts/locales/en.json';
import es from '@gatekeeper/texts/locales/es.json';
import gr from '@gatekeeper/texts/locales/gr.json';
import lt from '@gatekeeper/texts/locales/lt.json';
import ru from '@gatekeeper/texts/locales/ru.json';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { pluralRulesByTag } from './plural-rules';

const LOCALES: Record<Language, Record<string, unknown>> = { en, ru, gr, es, br, lt };

/** An i18next as the page starts it, in one language. */
const inLanguage = async (language: Language) => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: { translation: LOCALES[language] } },
    interpolation: { escapeValue: false },
  });
  pluralRulesByTag(instance);
  return instance;
};

/** Every key of a locale file, dotted. */
const keysOf = (texts: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

const PLURAL = /_(zero|one|two|few|many|other)$/;

describe("plural forms by each language's own rules", () => {
  it('gives every plural text each form its language has, and no form it has not', () => {
    for (const language of LANGUAGES) {
      const categories = new Intl.PluralRules(LANGUAGE_TAGS[language]).resolvedOptions().pluralCategories;
      const keys = keysOf(LOCALES[language]);
      const plurals = new Set(keys.filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
      for (const base of plurals) {
        const forms = keys.filter((key) => key.replace(PLURAL, '') === base && PLURAL.test(key));
        const have = forms.map((key) => PLURAL.exec(key)?.[1]).sort();
        expect({ language, base, have }).toEqual({ language, base, have: [...categories].sort() });
      }
    }
  });

  it('asks "Send to N players?" in each language as a native speaker says it', async () => {
    const cases: Record<Language, [number, string][]> = {
      en: [
        [1, 'Send to 1 player?'],
        [897, 'Send to 897 players?'],
      ],
      ru: [
        [1, 'Отправить 1 игроку?'],
        [21, 'Отправить 21 игроку?'],
        [3, 'Отправить 3 игрокам?'],
        [897, 'Отправить 897 игрокам?'],
        [11, 'Отправить 11 игрокам?'],
      ],
      gr: [
        [1, 'Αποστολή σε 1 παίκτη;'],
        [897, 'Αποστολή σε 897 παίκτες;'],
      ],
      es: [
        [1, '¿Enviar a 1 jugador?'],
        [897, '¿Enviar a 897 jugadores?'],
        [1_000_000, '¿Enviar a 1000000 jugadores?'],
      ],
      // Breton's rules (the code br) would ask for a "two" form at 2 and 22.
      br: [
        [1, 'Enviar para 1 jogador?'],
        [2, 'Enviar para 2 jogadores?'],
        [22, 'Enviar para 22 jogadores?'],
        [1_000_000, 'Enviar para 1000000 jogadores?'],
      ],
      lt: [
        [1, 'Laišką gaus 1 žaidėjas. Siųsti?'],
        [21, 'Laišką gaus 21 žaidėjas. Siųsti?'],
        [897, 'Laišką gaus 897 žaidėjai. Siųsti?'],
        [10, 'Laišką gaus 10 žaidėjų. Siųsti?'],
        [12, 'Laišką gaus 12 žaidėjų. Siųsti?'],
      ],
    };
    for (const language of LANGUAGES) {
      const { t } = await inLanguage(language);
      for (const [count, text] of cases[language]) {
        expect({ language, count, text: t('console.mail.confirm', { count }) }).toEqual({ language, count, text });
      }
    }
  });

  it('counts "online of N members" on a clan page as each language says it', async () => {
    const cases: Record<Language, [number, string][]> = {
      en: [
        [1, '1 of 1 member'],
        [12, '1 of 12 members'],
      ],
      ru: [
        [1, '1 из 1 участника'],
        [21, '1 из 21 участника'],
        [3, '1 из 3 участников'],
        [11, '1 из 11 участников'],
      ],
      gr: [
        [1, '1 από 1 μέλος'],
        [12, '1 από 12 μέλη'],
      ],
      es: [
        [1, '1 de 1 miembro'],
        [12, '1 de 12 miembros'],
      ],
      br: [
        [1, '1 de 1 membro'],
        [2, '1 de 2 membros'],
      ],
      lt: [
        [1, '1 iš 1 nario'],
        [21, '1 iš 21 nario'],
        [7, '1 iš 7 narių'],
        [10, '1 iš 10 narių'],
      ],
    };
    for (const language of LANGUAGES) {
      const { t } = await inLanguage(language);
      for (const [count, text] of cases[language]) {
        const shown = t('clan.onlineOf', { online: '1', members: String(count), count });
        expect({ language, count, text: shown }).toEqual({ language, count, text });
      }
    }
  });
});
