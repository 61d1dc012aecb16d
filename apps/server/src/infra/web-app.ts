import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import fastifyStatic from '@fastify/static';
import { COOKIES, type LanguageStorageMode, type Metadata, matchRoute } from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from './accept-encoding';
import { newCsrfToken } from './csrf';
import { prerenderedPages } from './prerendered-pages';
import { sendJsonNotFound } from './not-found';
import { allowInlineScriptsOf } from './security-headers';

/** Vite names built files name-HASH.ext; those never change and are cached for a year. */
const HASHED_FILE = /-[A-Za-z0-9_-]{8,}\.(js|css|svg|png|jpg|webp|woff2?)$/;

export interface WebAppOptions {
  distDir: string;
  languageStorage: LanguageStorageMode;
  securityHeaders: Record<string, string>;
  secureCookies: boolean;
  /**
   * Where the server-side build is and what it renders with: every page is then sent as finished
   * HTML (decision 022); without it, the plain page that the browser renders alone.
   */
  prerender?: { ssrDir: string; metadata: Metadata; publicUrl: string };
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

const knownPage = (url: string): boolean => {
  const route = matchRoute(url.split(/[?#]/, 1)[0] ?? '/');
  return route !== undefined && route.id !== 'notFound';
};

/**
 * The built single-page app: files from disk (pre-compressed by the build), and index.html for
 * every other GET that is not an /sdk call, so the page's router resolves the path (and sends
 * unknown paths to /notfound): 200 for the paths of the route table, 404 for the others.
 */
export const registerWebApp = async (app: FastifyInstance, options: WebAppOptions): Promise<void> => {
  const indexHtml = renderIndexHtml(options.distDir, options.languageStorage);
  const pageHeaders = allowInlineScriptsOf(indexHtml, options.securityHeaders);
  const pages =
    options.prerender &&
    prerenderedPages({
      ...options.prerender,
      template: indexHtml,
      onError: (error) => app.log.error({ err: error }, 'a page could not be pre-rendered; the plain page is sent'),
    });

  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    wildcard: false,
    // index.html is the page: sent by sendIndex with its cookie and options, never as a file.
    globIgnore: ['index.html', 'index.html.*'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.headers(options.securityHeaders);
      reply.header(
        'cache-control',
        // A pre-compressed variant (name-HASH.js.br) is the same immutable file.
        HASHED_FILE.test(path.replace(/\.(br|gz)$/, ''))
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=300, must-revalidate',
      );
    },
  });

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, status = 200) => {
    const cookies = parseCookies(request.headers.cookie ?? '');
    if (!cookies[COOKIES.csrf.name]) {
      reply.header(
        'set-cookie',
        serializeCookie(COOKIES.csrf.name, newCsrfToken(), {
          path: '/',
          sameSite: 'strict',
          secure: options.secureCookies,
        }),
      );
    }
    reply.headers(pageHeaders).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '/';
    // /index.html is the home page by its file name.
    const page = await pages?.page(pathname === '/index.html' ? '/' : pathname);
    if (!page) return reply.code(status).send(indexHtml);
    reply.header('etag', page.etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const accept = request.headers['accept-encoding'];
    if (acceptsEncoding(accept, 'br'))
      return reply.code(page.status).header('content-encoding', 'br').send(page.brotli);
    if (acceptsEncoding(accept, 'gzip'))
      return reply.code(page.status).header('content-encoding', 'gzip').send(page.gzip);
    return reply.code(page.status).send(page.plain);
  };

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/sdk/') &&
      !request.url.startsWith('/healthz') &&
      !/\.[a-z0-9]{2,5}(\?|$)/i.test(request.url);
    // A path of the route table is a page (200); any other path gets the page too, which shows
    // the not-found page, with 404 so that search engines and link previews know.
    if (isPage) return sendIndex(request, reply, knownPage(request.url) ? 200 : 404);
    return sendJsonNotFound(reply);
  });
  app.get('/index.html', (request, reply) => sendIndex(request, reply));
};
