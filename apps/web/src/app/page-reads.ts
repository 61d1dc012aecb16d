import type { PageRead, RouteId } from '@gatekeeper/contract/lite';
import { RANKINGS } from '../features/statistics/rankings';
import { STATISTICS_ROUTES } from '../i18n/routes';

/**
 * The public reads each route's page shows (decision 040). The server puts their answers, from
 * memory, into the route's pre-rendered page, renders it again when one of them changes, and
 * the page's `useCall`/`useRetryableCall` start from them. A page whose reads are listed here has
 * its rows in its HTML; a read that is not answered from memory on the server is left to the
 * browser, as before.
 */
export const PAGE_READS: Partial<Record<RouteId, readonly PageRead[]>> = {
  ...Object.fromEntries(STATISTICS_ROUTES.map((id) => [id, [{ call: RANKINGS[id].call }]])),
  // The World pages (docs/product.md#world).
  worldBosses: [{ call: 'getBosses' }],
  worldOlympiad: [{ call: 'getOlympiad' }],
  worldCastles: [{ call: 'getCastles' }],
};
