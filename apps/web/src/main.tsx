import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { initialLanguage } from './app/language-sync';
import { preloadPage } from './app/router';
import { initI18n } from './i18n/i18n';
import { languageOfPath } from './i18n/routes';
import { matchClanPage, matchRealmRoute, splitRealm } from '@gatekeeper/contract/lite';
import { otherRealmsOf } from './shared/use-realm';
import { adoptGameNames } from './shared/game-names';
import { readPageData } from './shared/page-data';
import { adoptWrittenTexts } from './shared/written-texts';
import './styles/global.css';

const container = document.getElementById('root') as HTMLElement;
const pageData = readPageData();
const language = initialLanguage();
// The realms after the first: their pages carry the realm's segment (decision 049).
const otherRealms = otherRealmsOf(pageData?.metadata);
// The server's HTML is in the address's language; a visitor whose stored choice differs is sent
// to their own language's page, which the browser renders itself.
// An unknown address has the not-found page's HTML while the router moves on to /notfound: that
// one, too, the browser renders itself.
const hydrate =
  pageData !== undefined &&
  container.hasChildNodes() &&
  language === languageOfPath(location.pathname) &&
  (matchRealmRoute(location.pathname, otherRealms) !== undefined ||
    (pageData.clan !== undefined && matchClanPage(splitRealm(location.pathname, otherRealms).path) !== undefined));

if (hydrate && pageData?.written) adoptWrittenTexts(pageData.written);
if (hydrate && pageData?.names) adoptGameNames(language, pageData.names);

// The page's own chunk is loaded before hydrating, so that nothing of the server's HTML is drawn again.
void Promise.all([
  initI18n(language, hydrate ? pageData?.texts : undefined, hydrate ? pageData?.textSections : undefined),
  hydrate ? preloadPage(location.pathname) : undefined,
]).then(() => {
  const app = (
    <App
      initialMetadata={pageData?.metadata}
      initialNews={hydrate && pageData?.news ? { language, posts: pageData.news } : undefined}
      initialAnswers={pageData?.answers}
      initialClan={hydrate ? pageData?.clan : undefined}
    />
  );
  if (hydrate) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (a phone's taps and paints go first).
    startTransition(() => {
      hydrateRoot(container, app, {
        // A page that could not take over the server's HTML is rendered anew; say why in the console.
        onRecoverableError: (error) => console.error('Gatekeeper: the page was rendered again in the browser.', error),
      });
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
});
