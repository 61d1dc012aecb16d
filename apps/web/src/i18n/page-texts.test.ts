import { LOCALES } from '@gatekeeper/texts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { PAGE_SECTIONS, pageTexts, recordingReads, sectionsOf } from './page-texts';

const en = LOCALES.en as Record<string, unknown>;

describe('the texts a pre-rendered page carries', () => {
  it('names only sections the locale file has', () => {
    for (const section of PAGE_SECTIONS) expect(typeof en[section], section).toBe('object');
  });

  it("keeps the shell's texts and the page's own sections, and leaves out the other pages' sections", () => {
    const { texts, sections } = pageTexts('statisticsKills', en);
    expect(sections).toEqual(['statistics', 'online']);
    expect(texts.statistics).toEqual(en.statistics);
    expect(texts.online).toEqual(en.online);
    for (const section of ['console', 'legal', 'world', 'clan', 'donate']) expect(texts).not.toHaveProperty(section);
    // The shell's sections and the error codes' texts go with every page.
    for (const key of ['menu', 'footer', 'forms', 'common', 'ServerError']) expect(texts[key]).toEqual(en[key]);
    // The keys keep the file's order.
    const order = Object.keys(en).filter((key) => key in texts);
    expect(Object.keys(texts)).toEqual(order);
  });

  it("carries the menu's sign-out of My account's section on every page, without the section", () => {
    const { texts, sections } = pageTexts('home', en);
    expect(texts.myAccount).toEqual({ signOut: (en.myAccount as Record<string, unknown>).signOut });
    expect(sections).not.toContain('myAccount');
  });

  it("carries My account's link to the console, not the console's texts", () => {
    const { texts, sections } = pageTexts('myAccount', en);
    expect(texts.myAccount).toEqual(en.myAccount);
    expect(texts.console).toEqual({
      shell: { openConsole: (en.console as { shell: { openConsole: string } }).shell.openConsole },
    });
    expect(sections).toContain('myAccount');
    expect(sections).not.toContain('console');
  });

  it('carries a section the render read though the table does not name it', () => {
    const { texts, sections } = pageTexts('register', en, new Set(['legal', 'menu']));
    expect(texts.legal).toEqual(en.legal);
    expect(sections).toEqual(['legal']);
  });

  it('gives the console every section', () => {
    expect(pageTexts('console', en).texts).toEqual(en);
    expect(sectionsOf('console')).toEqual(PAGE_SECTIONS);
  });

  it('is much smaller than the whole file on the pages players open first', () => {
    const whole = JSON.stringify(en).length;
    for (const page of ['home', 'register', 'statisticsKills', 'worldBosses', 'clan', 'myAccount'] as const) {
      expect(JSON.stringify(pageTexts(page, en).texts).length, page).toBeLessThan(whole * 0.6);
    }
  });
});

describe('the texts a render read', () => {
  it('are the top-level keys i18next looked up', async () => {
    const read = new Set<string>();
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: recordingReads(en, read) } } });
    expect(i18n.t('world.loadFailed')).toBe((en.world as { loadFailed: string }).loadFailed);
    expect(i18n.t('menu.home')).toBe((en.menu as { home: string }).home);
    expect([...read].sort()).toEqual(['menu', 'world']);
  });
});
