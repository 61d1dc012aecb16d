import type { GameNameKind, RouteId } from '@gatekeeper/contract/lite';

/**
 * The kinds of game names each route's page shows by id (decision 047). The server renders every
 * page with all of its language's names and puts these kinds into the pre-rendered page, so that
 * hydration fetches none; a page the browser renders itself fetches a kind when it first needs it.
 */
export const PAGE_NAMES: Partial<Record<RouteId, readonly GameNameKind[]>> = {
  statisticsClasses: ['classes'],
  worldBosses: ['bosses'],
  worldCastles: ['castles'],
  worldOlympiad: ['classes'],
  online: ['classes'],
  // The coin a donation or a referral brings, and the rewards' items.
  donate: ['items'],
  referral: ['items'],
  shop: ['items'],
  myAccount: ['classes', 'items'],
  console: ['items'],
};

/** A clan's page: its castle and its members' classes (docs/product.md#clan-page). */
export const CLAN_PAGE_NAMES: readonly GameNameKind[] = ['castles', 'classes'];
