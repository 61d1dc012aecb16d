/**
 * The page's route table lives in the contract (the server answers 404 for a path outside it);
 * the page's modules import it from here, its place in the page.
 */
export {
  ACCOUNT_ROUTES,
  ROUTE_IDS,
  ROUTE_SLUGS,
  STATISTICS_LANDING,
  STATISTICS_ROUTES,
  WORLD_ROUTES,
  getHref,
  languageOfPath,
  languagePrefix,
  matchRoute,
  normalizePath,
  type RouteId,
} from '@gatekeeper/contract/lite';
