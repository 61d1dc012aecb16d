import { LOCALES } from '@gatekeeper/texts';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { completeTexts, hasSections, initI18n } from './i18n';
import { pageTexts } from './page-texts';

const ru = LOCALES.ru as Record<string, unknown>;
const fetched: string[] = [];

describe('the texts of a pre-rendered page in Russian', () => {
  beforeAll(async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        const code = /\/locales\/([a-z]{2})\.json$/.exec(url)?.[1] ?? '';
        return new Response(JSON.stringify(LOCALES[code as keyof typeof LOCALES]), { status: 200 });
      }),
    );
    const { texts, sections } = pageTexts('register', ru);
    await initI18n('ru', texts, sections);
  });
  afterAll(() => vi.unstubAllGlobals());

  it('start with the shell and the page, fetching no other language', () => {
    expect(i18next.t('menu.home')).toBe((ru.menu as { home: string }).home);
    expect(hasSections('ru', [])).toBe(true);
    expect(hasSections('ru', ['world'])).toBe(false);
    // Another language is always loaded whole.
    expect(hasSections('en', ['world'])).toBe(true);
    expect(fetched).toEqual([]);
  });

  it("fetch the language's whole file once when a text is missing, and then have every section", async () => {
    i18next.t('world.loadFailed');
    i18next.t('legal.privacy.title');
    await completeTexts();
    expect(fetched).toEqual(['/locales/ru.json']);
    expect(i18next.t('world.loadFailed')).toBe((ru.world as { loadFailed: string }).loadFailed);
    expect(hasSections('ru', ['world', 'console'])).toBe(true);
  });
});
