import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import { CLAN_SLUGS, clanHref, matchClanPage, matchRoute } from './page-routes';

describe('clan page paths', () => {
  it('leads from a clan name to its page and back, in every language', () => {
    for (const language of LANGUAGES) {
      const href = clanHref('WolfHunters', language);
      expect(href).toBe(`${language === 'en' ? '' : `/${language}`}/${CLAN_SLUGS[language]}/WolfHunters`);
      expect(matchClanPage(href)).toEqual({ name: 'WolfHunters', language });
      // A clan page is no page of the route table: the server's 404 does not take it.
      expect(matchRoute(href)).toBeUndefined();
    }
  });

  it('escapes a name as a path segment and reads it back as written', () => {
    const href = clanHref('Lions & Co', 'ru');
    expect(href).toBe('/ru/klan/Lions%20%26%20Co');
    expect(matchClanPage(href)).toEqual({ name: 'Lions & Co', language: 'ru' });
  });

  it('takes the prefix in any case and a trailing slash, and keeps the name as typed', () => {
    expect(matchClanPage('/RU/Klan/wolfhunters/')).toEqual({ name: 'wolfhunters', language: 'ru' });
    expect(matchClanPage('/Clan/WolfHunters')).toEqual({ name: 'WolfHunters', language: 'en' });
  });

  it('refuses what is no clan page: another prefix, no name, a broken escape, a name too long, a deeper path', () => {
    for (const path of [
      '/clans/WolfHunters',
      '/ru/clan/WolfHunters',
      '/clan/',
      '/clan',
      '/clan/%zz',
      `/clan/${'x'.repeat(65)}`,
      '/clan/Wolf/Hunters',
      '/news/clan/WolfHunters',
    ]) {
      expect(matchClanPage(path), path).toBeUndefined();
    }
  });
});
