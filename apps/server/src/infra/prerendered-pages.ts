import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { LANGUAGES, LANGUAGE_TAGS, type Language, type Metadata, type RouteId, getHref } from '@gatekeeper/contract';
import { LOCALES } from '@gatekeeper/texts';
import { decodeHTML } from 'entities';

/** The server-side build of the page (apps/web/src/entry-server.tsx). */
interface PageRenderer {
  renderPage(
    path: string,
    language: Language,
    data: { metadata: Metadata; texts: Record<string, unknown> },
  ): Promise<string>;
  /** What the render wrote that the browser would compute again while hydrating (page data). */
  writtenTexts?(language: Language): Record<string, unknown>;
}

/** One page as bytes ready to send: plain and pre-compressed, with its validator. */
export interface PreparedPage {
  etag: string;
  plain: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

export interface PrerenderedPages {
  /** The page of a route in a language, rendered on first use and kept; undefined without a renderer. */
  page(route: RouteId, language: Language): Promise<PreparedPage | undefined>;
}

const PAGE_DATA_ID = 'gatekeeper-page-data';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON inside <script>: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const texts = (language: Language) =>
  LOCALES[language] as Record<string, unknown> & { site: { name: string; kicker: string; taglineShort: string } };

/**
 * The head of a page: its title (the page's own heading), description, canonical address, the
 * same page in the other languages, and the tags link previews read (Open Graph, Twitter card).
 */
const headTags = (route: RouteId, language: Language, heading: string | undefined, publicUrl: string) => {
  const site = texts(language).site;
  const title = heading && route !== 'home' ? `${heading} · ${site.name}` : `${site.name} · ${site.kicker}`;
  const description = `${site.kicker}. ${site.taglineShort}`;
  const url = (lang: Language) => new URL(getHref(route, lang), publicUrl).href;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url(language))}" />`,
    ...LANGUAGES.map(
      (lang) => `<link rel="alternate" hreflang="${LANGUAGE_TAGS[lang]}" href="${escapeHtml(url(lang))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url('en'))}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url(language))}" />`,
    `<meta property="og:locale" content="${LANGUAGE_TAGS[language].replace('-', '_')}" />`,
    `<meta property="og:image" content="${escapeHtml(new URL('/images/header/header-art.svg', publicUrl).href)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ];
  return tags.join('\n    ');
};

/**
 * React puts a preload of every image it renders at the front of its output; the first screen
 * needs only the header's art (its largest element, a CSS background found late otherwise), so
 * those are dropped and that one is preloaded.
 */
const withoutHoistedPreloads = (html: string) => html.replace(/^(?:<link [^>]*\/>)*/, '');
const FIRST_SCREEN_PRELOADS =
  '<link rel="preload" as="image" href="/images/header/header-art.svg" fetchpriority="high" />';

const HEADING = /<h2 class="page-title"[^>]*>([^<]*)<\/h2>/;

/**
 * Every page of the route table in every language as finished HTML (decision 022): rendered by
 * the page's own components, on first request, from the settings the server runs with, and kept
 * as prepared bytes. Without the server-side build (a development checkout that has not built
 * it) the site sends the plain page, which the browser renders alone.
 */
export const prerenderedPages = (options: {
  ssrDir: string;
  template: string;
  metadata: Metadata;
  publicUrl: string;
  onError: (error: unknown) => void;
}): PrerenderedPages => {
  const entry = join(options.ssrDir, 'entry-server.js');
  let renderer: Promise<PageRenderer | undefined> | undefined;
  const loadRenderer = () =>
    (renderer ??= existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<PageRenderer>).catch((error: unknown) => {
          options.onError(error);
          return undefined;
        })
      : Promise.resolve(undefined));
  const pages = new Map<string, Promise<PreparedPage | undefined>>();

  const build = async (route: RouteId, language: Language) => {
    const loaded = await loadRenderer();
    if (!loaded) return undefined;
    const path = getHref(route, language);
    const data = { metadata: options.metadata, texts: texts(language) };
    const rendered = await loaded.renderPage(path, language, data);
    const pageData = { ...data, ...loaded.writtenTexts?.(language) };
    const body = withoutHoistedPreloads(rendered);
    const heading = HEADING.exec(body)?.[1];
    const html = options.template
      .replace(/<html lang="[^"]*">/, `<html lang="${LANGUAGE_TAGS[language]}">`)
      .replace(/<title>[^<]*<\/title>/, headTags(route, language, heading && decodeHTML(heading), options.publicUrl))
      .replace(/\s*<meta\s+name="description"[^>]*\/>/, '')
      .replace('</head>', `  ${FIRST_SCREEN_PRELOADS}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${body}</div>\n    <script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(pageData)}</script>`,
      );
    const plain = Buffer.from(html, 'utf8');
    return {
      etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
      plain,
      gzip: gzipSync(plain, { level: 9 }),
      brotli: brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    } satisfies PreparedPage;
  };

  return {
    page(route, language) {
      const key = `${route}:${language}`;
      let page = pages.get(key);
      if (!page) {
        page = build(route, language).catch((error: unknown) => {
          options.onError(error);
          pages.delete(key);
          return undefined;
        });
        pages.set(key, page);
      }
      return page;
    },
  };
};
