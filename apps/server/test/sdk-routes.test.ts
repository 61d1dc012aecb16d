import { api } from '@gatekeeper/contract';
import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SDK_ROUTE_MARK, SERVER_CALLBACK_MARK, sdkRoute } from '../src/infra/sdk-route';
import { VOTE_CALLBACK_PATH } from '../src/features/votes/routes';
import { useSite } from './support/use-site';

/**
 * Decision 002: every /sdk route is registered through sdkRoute(), which validates the input,
 * adds the anti-forgery check to every call that is not a GET and sets the API headers. A route
 * added with app.get/app.post under /sdk would skip all three; this walks the built app's routes.
 */

interface SeenRoute {
  method: string;
  url: string;
  marked: boolean;
  serverCallback: boolean;
}

const seen = (route: RouteOptions): SeenRoute[] =>
  [route.method].flat().map((method) => ({
    method,
    url: route.url,
    marked: route.config?.[SDK_ROUTE_MARK] === true,
    serverCallback: route.config?.[SERVER_CALLBACK_MARK] === true,
  }));

/** The only /sdk addresses other servers call instead of our pages (the vote sites' callbacks). */
const SERVER_CALLBACKS = [VOTE_CALLBACK_PATH];

/** The /sdk routes registered without sdkRoute(), as "METHOD url". */
const unmarkedSdkRoutes = (routes: SeenRoute[]): string[] =>
  routes
    .filter((route) => route.url.startsWith('/sdk/') && !route.marked)
    .filter((route) => !(route.serverCallback && SERVER_CALLBACKS.includes(route.url)))
    .map((r) => `${r.method} ${r.url}`);

describe('every /sdk route goes through sdkRoute()', () => {
  const routes: SeenRoute[] = [];
  useSite('sqlite', {
    databases: { seed: false },
    app: { onRoute: (route) => routes.push(...seen(route)) },
  });

  it('registers no /sdk route around sdkRoute()', () => {
    expect(routes.some((route) => route.url.startsWith('/sdk/'))).toBe(true);
    expect(unmarkedSdkRoutes(routes)).toEqual([]);
  });

  it('registers every call of the contract table, with its method', () => {
    const registered = new Set(routes.filter((route) => route.marked).map((r) => `${r.method} ${r.url}`));
    const missing = Object.entries(api)
      .map(([, call]) => `${call.method} ${call.path}`)
      .filter((call) => !registered.has(call));
    expect(missing).toEqual([]);
  });

  it('catches a route added with app.get directly', async () => {
    const app = Fastify();
    const local: SeenRoute[] = [];
    app.addHook('onRoute', (route) => {
      local.push(...seen(route));
    });
    sdkRoute(app, 'getIpAddress', () => '127.0.0.1');
    app.get('/sdk/sneaked-in', async () => 'no checks');
    // The callback mark excuses the vote callback's address only.
    app.post('/sdk/self-declared-callback', { config: { [SERVER_CALLBACK_MARK]: true } }, async () => 'no checks');
    app.post(VOTE_CALLBACK_PATH, { config: { [SERVER_CALLBACK_MARK]: true } }, async () => 'OK');
    await app.ready();
    expect(unmarkedSdkRoutes(local)).toEqual([
      'GET /sdk/sneaked-in',
      'HEAD /sdk/sneaked-in',
      'POST /sdk/self-declared-callback',
    ]);
    await app.close();
  });
});
