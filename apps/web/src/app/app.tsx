import type { PageNews } from '../shared/page-data';
import type { PageAnswers } from '../api/page-answers';
import type { ClanView, Metadata } from '@gatekeeper/contract/lite';
import { StrictMode, Suspense } from 'react';
import { AppRouter } from './router';

/** The root of the page, the same in the browser and in the server's pre-rendering. */
export const App = ({
  initialMetadata,
  initialNews,
  initialAnswers,
  initialClan,
}: {
  initialMetadata?: Metadata;
  initialNews?: PageNews;
  initialAnswers?: PageAnswers;
  initialClan?: ClanView;
}) => (
  <StrictMode>
    <Suspense fallback={null}>
      <AppRouter
        initialMetadata={initialMetadata}
        initialNews={initialNews}
        initialAnswers={initialAnswers}
        initialClan={initialClan}
      />
    </Suspense>
  </StrictMode>
);
