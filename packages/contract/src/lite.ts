/**
 * The parts of the contract that need no schema library, for the browser's first load: constants,
 * error codes, the call table and, as types only, the models. Forms import the schemas from the
 * package root in their own lazily loaded chunks.
 */
export * from './constants';
export * from './error-codes';
export * from './calls';
export * from './page-routes';
export * from './page-reads';
export * from './classes';
export * from './vote-id';
export type * from './models';
export type * from './donations';
export type { Api, BodyOf, QueryOf, ResponseOf } from './api';
export * from './password-flags';
export type * from './online';
export type * from './news';
export type * from './console';
export type * from './olympiad';
export type * from './castles';
export type * from './clans';
export type * from './console-news';
export type * from './console-mail';
export type * from './console-owner';
export type * from './wallet';
export type * from './shop';
export type * from './console-shop';
export * from './supporter-share';
export type * from './supporter-codes';
