import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languageStorageMode, readStoredLanguage, storeLanguage } from './language-storage';

const setMode = (mode: string) => {
  document.head.innerHTML = `<meta name="gatekeeper:language-storage" content="${mode}" />`;
};

describe('the stored language choice', () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.cookie = 'lang=; Max-Age=0; Path=/';
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('defaults to local storage when the page does not say otherwise', () => {
    expect(languageStorageMode()).toBe('localStorage');
    storeLanguage('gr');
    expect(window.localStorage.getItem('lang')).toBe('gr');
    expect(document.cookie).not.toContain('lang=');
    expect(readStoredLanguage()).toBe('gr');
  });

  it('uses a cookie when the owner chose cookie storage', () => {
    setMode('cookie');
    expect(languageStorageMode()).toBe('cookie');
    storeLanguage('es');
    expect(document.cookie).toContain('lang=es');
    expect(window.localStorage.getItem('lang')).toBeNull();
    expect(readStoredLanguage()).toBe('es');
  });

  it('ignores a stored value that is not one of the six languages', () => {
    window.localStorage.setItem('lang', 'de');
    expect(readStoredLanguage()).toBeUndefined();
    setMode('unknown-mode');
    expect(languageStorageMode()).toBe('localStorage');
  });
});
