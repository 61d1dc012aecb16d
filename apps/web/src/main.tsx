import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLanguage } from './app/language-sync';
import { AppRouter } from './app/router';
import { initI18n } from './i18n/i18n';
import './styles/global.css';

const root = createRoot(document.getElementById('root') as HTMLElement);

void initI18n(initialLanguage()).then(() => {
  root.render(
    <StrictMode>
      <Suspense fallback={null}>
        <AppRouter />
      </Suspense>
    </StrictMode>,
  );
});
