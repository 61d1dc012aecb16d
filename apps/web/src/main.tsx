import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { initialLanguage } from './app/language-sync';
import { initI18n } from './i18n/i18n';
import { languageOfPath } from './i18n/routes';
import { readPageData } from './shared/page-data';
import './styles/global.css';

const container = document.getElementById('root') as HTMLElement;
const pageData = readPageData();
const language = initialLanguage();
// The server's HTML is in the address's language; a visitor whose stored choice differs is sent
// to their own language's page, which the browser renders itself.
const hydrate = pageData !== undefined && container.hasChildNodes() && language === languageOfPath(location.pathname);

void initI18n(language, hydrate ? pageData?.texts : undefined).then(() => {
  const app = <App initialMetadata={pageData?.metadata} />;
  if (hydrate) {
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
});
