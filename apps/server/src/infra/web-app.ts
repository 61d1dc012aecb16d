import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import {
  LANGUAGES,
  type Language,
  type LanguageStorageMode,
  type Metadata,
  ROUTE_IDS,
  type RouteId,
  getHref,
  languageOfPath,
  matchClanPage,
  matchConsoleSection,
  matchNewsPost,
  matchRealmRoute,
  REALM_ROUTES,
  splitRealm,
  withRealm,
} from '@gatekeeper/contract';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { csrfCookieName, newCsrfToken } from './csrf';
import { type ReadyAnswer, answerKeyedAtFrontDoor } from './front-door';
import { type PageClans, type PageNews, type PreparedPage, prerenderedPages } from './prerendered-pages';
import { sendJsonNotFound } from './not-found';
import {
  type PreparedAnswer,
  type PreparedEncodings,
  chooseEncoding,
  prepareBytes,
  sendPrepared,
  withHeaders,
} from './prepared-answer';
import type { PageAnswers } from './page-answers';
import { publicGet } from './public-read';
import { headerOf } from './raw-header';
import { markPublicRead } from './request-log';
import { allowInlineScriptsOf } from './security-headers';
import { loadStaticFiles, registerStaticFiles } from './static-files';

export interface WebAppOptions {
  distDir: string;
  languageStorage: LanguageStorageMode;
  securityHeaders: Record<string, string>;
  secureCookies: boolean;
  /**
   * The slugs of the realms after the first (decision 049): their pages that show one game world
   * are at the same addresses with the slug after the language.
   */
  otherRealms?: readonly string[];
  /**
   * Where the server-side build is and what it renders with: every page is then sent as finished
   * HTML (decision 022); without it, the plain page that the browser renders alone.
   */
  prerender?: {
    ssrDir: string;
    metadata: Metadata;
    publicUrl: string;
    news?: PageNews;
    answers?: PageAnswers;
    clans?: PageClans;
  };
}

/** index.html with the owner's page options as meta tags, read once. */
const renderIndexHtml = (distDir: string, languageStorage: LanguageStorageMode): string => {
  const file = join(distDir, 'index.html');
  if (!existsSync(file)) {
    throw new Error(`The built page is missing (${file}). Run "npm run build" first, or use "npm start".`);
  }
  return readFileSync(file, 'utf8').replace(
    '<meta name="gatekeeper:language-storage" content="localStorage" />',
    `<meta name="gatekeeper:language-storage" content="${languageStorage}" />`,
  );
};

const HTML = 'text/html; charset=utf-8';

/**
 * The built single-page app (decision 023): its files from memory, and for every path of the route
 * table in every language its own route answering the pre-rendered page as prepared bytes. Other
 * GETs that are not /sdk calls or files (a path in another case, with a trailing slash, or unknown)
 * get the page of the route they match, or the not-found page with 404.
 */
export const registerWebApp = async (app: FastifyInstance, options: WebAppOptions): Promise<void> => {
  const indexHtml = renderIndexHtml(options.distDir, options.languageStorage);
  const pageHeaders = { ...allowInlineScriptsOf(indexHtml, options.securityHeaders), 'cache-control': 'no-cache' };
  // The plain page the browser renders alone: without a server-side build, or when a render failed.
  const plainPage = prepareBytes({ ...pageHeaders, 'content-type': HTML }, indexHtml);
  const pages =
    options.prerender &&
    prerenderedPages({
      ...options.prerender,
      template: indexHtml,
      onError: (error) => app.log.error({ err: error }, 'a page could not be pre-rendered; the plain page is sent'),
    });
  // index.html is the page: sent with its cookie and options, never as a file.
  registerStaticFiles(
    app,
    loadStaticFiles(options.distDir, options.securityHeaders, (path) => path.startsWith('/index.html')),
  );

  const ready = new WeakMap<PreparedPage, PreparedEncodings>();
  const pageAnswers = (page: PreparedPage): PreparedEncodings => {
    let answers = ready.get(page);
    if (!answers) {
      const headers = { ...pageHeaders, 'content-type': HTML, etag: page.etag, vary: 'accept-encoding' };
      answers = {
        plain: prepareBytes(headers, page.plain),
        gzip: prepareBytes({ ...headers, 'content-encoding': 'gzip' }, page.gzip),
        br: prepareBytes({ ...headers, 'content-encoding': 'br' }, page.brotli),
      };
      ready.set(page, answers);
    }
    return answers;
  };

  // The cookie's name (__Host- prefixed on https) and attributes, written once: a token (base64url) needs no escaping.
  const csrfCookie = csrfCookieName(options.secureCookies);
  const cookieAttributes = serializeCookie(csrfCookie, '', {
    path: '/',
    sameSite: 'strict',
    secure: options.secureCookies,
  }).slice(csrfCookie.length + 1);

  /** The page's answer; a browser without the anti-forgery cookie gets one with it. */
  const pageAnswer = (page: PreparedPage | undefined, request: IncomingMessage): PreparedAnswer => {
    const answer = page ? chooseEncoding(pageAnswers(page), headerOf(request, 'accept-encoding')) : plainPage;
    const cookie = headerOf(request, 'cookie');
    if (cookie && parseCookies(cookie)[csrfCookie]) return answer;
    // `private`: a shared cache told to keep pages must not hand this visitor's token to others.
    return withHeaders(answer, {
      'set-cookie': `${csrfCookie}=${newCsrfToken()}${cookieAttributes}`,
      'cache-control': 'private, no-cache',
    });
  };

  /**
   * A path of the route table: its page, kept once rendered, so later requests (at the front door)
   * do not wait; the first is rendered on its Fastify route.
   */
  const pageRoute = (path: string, route: RouteId, language: Language, realm?: string) => {
    const ready: ReadyAnswer = (request) => {
      if (!pages) return pageAnswer(undefined, request);
      const rendered = pages.readyPage(route, language, realm);
      return rendered ? pageAnswer(rendered, request) : undefined;
    };
    publicGet(app, path, ready, async (request) => pageAnswer(await pages?.page(route, language, realm), request.raw));
  };
  const otherRealms = options.otherRealms ?? [];
  const routed = new Set<string>();
  for (const route of ROUTE_IDS) {
    if (route === 'notFound') continue;
    for (const language of LANGUAGES) {
      const path = getHref(route, language);
      if (routed.has(path)) continue;
      routed.add(path);
      pageRoute(path, route, language);
    }
  }
  // Each other realm's pages that show one game world (decision 049).
  for (const realm of otherRealms) {
    for (const route of REALM_ROUTES) {
      for (const language of LANGUAGES) {
        const path = withRealm(getHref(route, language), realm);
        if (routed.has(path)) continue;
        routed.add(path);
        pageRoute(path, route, language, realm);
      }
    }
  }
  // /index.html is the home page by its file name.
  pageRoute('/index.html', 'home', 'en');

  // A news post's and a clan's page, and the console's at a section's address, once rendered, at
  // the front door too; the first is rendered by the not-found handler below, as a route's first
  // page is by its route.
  if (pages) {
    answerKeyedAtFrontDoor(app, (path) => {
      const section = matchConsoleSection(path);
      if (section) {
        return (request) => {
          const page = pages.readyPage('console', section.language);
          return page && pageAnswer(page, request);
        };
      }
      const post = matchNewsPost(path);
      if (post) {
        return (request) => {
          const page = pages.readyPostPage(post.slug, post.language);
          return page && pageAnswer(page, request);
        };
      }
      const clan = matchClanPage(path);
      if (clan) {
        return (request) => {
          const page = pages.readyClanPage(clan.name, clan.language);
          return page && pageAnswer(page, request);
        };
      }
      return undefined;
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/sdk/') &&
      !request.url.startsWith('/healthz') &&
      !/\.[a-z0-9]{2,5}(\?|$)/i.test(request.url);
    if (!isPage) return sendJsonNotFound(reply);
    // A path of the route table written otherwise is that page (200); any other path shows the
    // not-found page of its language, with 404 so that search engines and link previews know.
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '/';
    markPublicRead(request);
    // A news post's page (docs/product.md#news), while the post is published.
    const newsPost = matchNewsPost(pathname);
    if (newsPost && pages) {
      const postPage = await pages.postPage(newsPost.slug, newsPost.language);
      if (postPage !== null) return sendPrepared(request, reply, pageAnswer(postPage, request.raw), 200);
    }
    // Another realm's clan page: the page the browser renders, which asks that realm (decision 049).
    const inRealm = splitRealm(pathname, otherRealms);
    if (inRealm.realm !== undefined && matchClanPage(inRealm.path)) {
      return sendPrepared(request, reply, pageAnswer(undefined, request.raw), 200);
    }
    // A clan's page (docs/product.md#clan-page), while a clan has that name.
    const clanPath = matchClanPage(pathname);
    if (clanPath && pages) {
      const clanPage = await pages.clanPage(clanPath.name, clanPath.language);
      if (clanPage !== null) return sendPrepared(request, reply, pageAnswer(clanPage, request.raw), 200);
    }
    // A console section's address is the console's page, which shows that section.
    const section = matchConsoleSection(pathname);
    const route = section
      ? { id: 'console' as const, language: section.language, realm: undefined }
      : matchRealmRoute(pathname, otherRealms);
    const known = route !== undefined && route.id !== 'notFound';
    const page = await pages?.page(
      known ? route.id : 'notFound',
      route?.language ?? languageOfPath(pathname),
      known ? route.realm : undefined,
    );
    return sendPrepared(request, reply, pageAnswer(page, request.raw), known ? 200 : 404);
  });
};
