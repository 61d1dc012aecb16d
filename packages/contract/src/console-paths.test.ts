import { describe, expect, it } from 'vitest';
import { CONSOLE_SECTIONS, LANGUAGES, consoleSectionHref, getHref, matchConsoleSection, matchRoute } from './index';

describe("the console sections' addresses", () => {
  it('gives every section an address in every language that reads back as that section', () => {
    for (const language of LANGUAGES) {
      for (const section of CONSOLE_SECTIONS) {
        expect(matchConsoleSection(consoleSectionHref(section, language))).toEqual({ section, language });
      }
    }
  });

  it("keeps the dashboard at the console's own path, a page of the route table", () => {
    expect(consoleSectionHref('dashboard', 'ru')).toBe(getHref('console', 'ru'));
    expect(matchRoute(consoleSectionHref('dashboard', 'ru'))?.id).toBe('console');
    expect(consoleSectionHref('donations', 'ru')).toBe('/ru/konsol/donations');
  });

  it('reads a path written otherwise (case, trailing slash) and refuses what is no section', () => {
    expect(matchConsoleSection('/Console/Donations/')).toEqual({ section: 'donations', language: 'en' });
    for (const path of [
      '/console/nothing',
      '/console/donations/extra',
      '/console/dashboard',
      '/consoles',
      '/ru/console/donations',
    ]) {
      expect(matchConsoleSection(path), path).toBeUndefined();
    }
    expect(matchConsoleSection(`/console/${'a'.repeat(600)}`)).toBeUndefined();
  });
});
