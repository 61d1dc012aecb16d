import {
  DEFAULT_LANGUAGE,
  type GameNameKind,
  type Language,
  type PageRead,
  type RouteId,
} from '@gatekeeper/contract/lite';
import i18next from 'i18next';
// The browser build of React's pre-renderer, not the Node one: the Node build runs each render in an
// AsyncLocalStorage, and on Node 20 and 22 the first run turns async hooks on for the whole
// process, for good, which then cost every answer the site writes afterwards (decision 023).
import { prerender } from 'react-dom/static.browser';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import { App } from './app/app';
import { CLAN_PAGE_NAMES, PAGE_NAMES } from './app/page-names';
import { PAGE_READS } from './app/page-reads';
import { pluralRulesByTag } from './i18n/plural-rules';
import { type TextPage, pageTexts as textsOfPage, recordingReads } from './i18n/page-texts';
import { preloadPage } from './app/router';
import { adoptGameNames } from './shared/game-names';
import type { PageData } from './shared/page-data';
import { writtenTextsIn } from './shared/written-texts';

/**
 * The server's side of the first paint (decision 022): one page of the route table, in one
 * language, rendered by the same components the browser hydrates, with everything that waits on
 * the network or the visitor's screen in its loading state.
 */
export const renderPage = async (
  path: string,
  language: Language,
  data: PageData & {
    /** Filled with the top-level keys of the texts the render looked up (pageTexts below). */
    textsRead?: Set<string>;
  },
): Promise<string> => {
  if (data.names) adoptGameNames(language, data.names);
  const i18n = i18next.createInstance();
  const translation = data.textsRead ? recordingReads(data.texts, data.textsRead) : data.texts;
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [language]: { translation } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
  pluralRulesByTag(i18n);
  await preloadPage(path);
  const render = async () => {
    const { prelude } = await prerender(
      <I18nextProvider i18n={i18n}>
        <Router ssrPath={path}>
          <App
            initialMetadata={data.metadata}
            initialNews={data.news ? { language, posts: data.news } : undefined}
            initialAnswers={data.answers}
            initialClan={data.clan}
          />
        </Router>
      </I18nextProvider>,
      // Every boundary inline, however large: React would otherwise move a big one to the end of
      // the page and put it in place with a script.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return new Response(prelude).text();
  };
  const html = await render();
  // Out of order, React would put a part in place with an inline script, which the CSP forbids.
  if (OUT_OF_ORDER.test(html)) throw new Error(`${path}: the page waited on something while rendering`);
  return html;
};

/** The public reads a route's page shows, whose answers its pre-rendered page carries (decision 040). */
export const pageReads = (route: RouteId): readonly PageRead[] => PAGE_READS[route] ?? [];

/** The kinds of game names a route's page (or a clan's page) shows, which its pre-rendered page carries (decision 047). */
export const pageNames = (route: RouteId | 'clan'): readonly GameNameKind[] =>
  route === 'clan' ? CLAN_PAGE_NAMES : (PAGE_NAMES[route] ?? []);

/**
 * The texts a pre-rendered page carries for the browser (decision 048): the shell's, the page's
 * own sections and any other its render read; `textSections` names the sections it has whole.
 */
export const pageTexts = (
  page: TextPage,
  texts: Record<string, unknown>,
  read?: ReadonlySet<string>,
): Pick<PageData, 'texts' | 'textSections'> => {
  const carried = textsOfPage(page, texts, read);
  return { texts: carried.texts, textSections: carried.sections };
};

/** What the renders wrote that the browser would have to compute again while hydrating. */
export const writtenTexts = (language: Language): Pick<PageData, 'written'> => ({ written: writtenTextsIn(language) });

/** The markers of a boundary React completes later with a script. */
const OUT_OF_ORDER = /<template id="B:|<!--\$\?-->|<script>/;
