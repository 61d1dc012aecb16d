import {
  COOKIES,
  LANGUAGE_STORAGE_KEY,
  LANGUAGE_STORAGE_MODES,
  type Language,
  type LanguageStorageMode,
  isLanguage,
} from '@gatekeeper/contract/lite';

/** The owner's choice, written into index.html by the server (settings key languageStorage). */
export const languageStorageMode = (): LanguageStorageMode => {
  if (typeof document === 'undefined') return 'localStorage';
  const value = document.querySelector('meta[name="gatekeeper:language-storage"]')?.getAttribute('content');
  return (LANGUAGE_STORAGE_MODES as readonly string[]).includes(value ?? '')
    ? (value as LanguageStorageMode)
    : 'localStorage';
};

const readCookie = (name: string): string | undefined =>
  document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${name}=`))
    ?.slice(name.length + 1);

export const readStoredLanguage = (mode = languageStorageMode()): Language | undefined => {
  // The server renders every language's own page; there the address decides.
  if (typeof document === 'undefined') return undefined;
  let value: string | null | undefined;
  try {
    value = mode === 'cookie' ? readCookie(COOKIES.language.name) : window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    value = undefined;
  }
  return isLanguage(value) ? value : undefined;
};

export const storeLanguage = (language: Language, mode = languageStorageMode()): void => {
  try {
    if (mode === 'cookie') {
      const maxAge = Math.floor(COOKIES.language.maxAgeMs / 1000);
      document.cookie = `${COOKIES.language.name}=${language}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
    } else {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    }
  } catch {
    // Storage disabled (private mode): the choice lasts for this page only.
  }
};
