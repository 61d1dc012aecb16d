import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import {
  LANGUAGES,
  LANGUAGE_TAGS,
  type Language,
  type ClanView,
  type Metadata,
  type NewsPostView,
  type PageRead,
  type RouteId,
  clanHref,
  getHref,
  getNewsPostHref,
  pageReadKey,
  withRealm,
} from '@gatekeeper/contract';
import { LRUCache } from 'lru-cache';
import { GAME_NAMES, LOCALES } from '@gatekeeper/texts';
import { decodeHTML } from 'entities';
import type { PageAnswers } from './page-answers';

/** The server-side build of the page (apps/web/src/entry-server.tsx). */
interface PageRenderer {
  renderPage(
    path: string,
    language: Language,
    data: {
      metadata: Metadata;
      texts: Record<string, unknown>;
      news?: NewsPostView[];
      answers?: Record<string, unknown>;
      clan?: ClanView;
      /** The game's names by kind in the page's language (decision 047). */
      names?: Record<string, Readonly<Record<string, string>>>;
      /** Filled by the render with the top-level keys of `texts` it looked up. */
      textsRead?: Set<string>;
    },
  ): Promise<string>;
  /**
   * The texts a route's page, a clan's page or a news post's page carries for the browser: the
   * shell's, its own sections and those its render read (decision 048); the whole file without it.
   */
  pageTexts?(
    page: RouteId | 'clan' | 'post',
    texts: Record<string, unknown>,
    read: ReadonlySet<string>,
  ): { texts: Record<string, unknown>; textSections?: string[] };
  /** The kinds of game names a route's page or a clan's page shows (apps/web/src/app/page-names.ts). */
  pageNames?(route: RouteId | 'clan'): readonly string[];
  /** The public reads a route's page shows (apps/web/src/app/page-reads.ts, decision 040). */
  pageReads?(route: RouteId): readonly PageRead[];
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
  /**
   * The page of a route in a language, rendered on first use and kept; undefined without a
   * renderer. `realm`: a realm after the first's page (decision 049), its rows that realm's.
   */
  page(route: RouteId, language: Language, realm?: string): Promise<PreparedPage | undefined>;
  /** That page if it is rendered already (the front door answers it without waiting). */
  readyPage(route: RouteId, language: Language, realm?: string): PreparedPage | undefined;
  /** A news post's page; undefined without a renderer, null when no visible post has that slug. */
  postPage(slug: string, language: Language): Promise<PreparedPage | undefined | null>;
  /** A clan's page (docs/product.md#clan-page); undefined without a renderer, null when no clan has that name. */
  clanPage(name: string, language: Language): Promise<PreparedPage | undefined | null>;
  /** A news post's page if it is rendered already, for the front door. */
  readyPostPage(slug: string, language: Language): PreparedPage | undefined;
  /** A clan's page if it is rendered already from the clan's data as it is now, for the front door. */
  readyClanPage(name: string, language: Language): PreparedPage | undefined;
}

/** The clans the clan pages show (features/clans): a clan's data, the same object until it is read again. */
export interface PageClans {
  find(name: string): Promise<{ view: ClanView } | null>;
  /** The clan's data when it is in memory and fresh; null or undefined when find has to say. */
  ready(name: string): { view: ClanView } | null | undefined;
}

/**
 * The bytes of clan pages kept rendered at once (plain, gzip and Brotli together; a clan page is
 * about 125 KB plain): anonymous visitors asking for every clan in every language fill this and
 * no more; the least recently asked page goes first.
 */
const CLAN_PAGE_BYTES_KEPT = 48 * 1024 * 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The news the pages show (features/news): the home page, /news and each post's page. */
export interface PageNews {
  published(language: Language): NewsPostView[];
  onChange(listener: () => void): void;
}

/** The pages that show news, made again when the news change. */
const NEWS_ROUTES: readonly RouteId[] = ['home', 'news'];

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
const headTags = (
  route: RouteId,
  language: Language,
  heading: string | undefined,
  publicUrl: string,
  post?: NewsPostView,
  clan?: ClanView,
  realm?: string,
) => {
  const site = texts(language).site;
  const title = heading && route !== 'home' ? `${heading} · ${site.name}` : `${site.name} · ${site.kicker}`;
  const description = post ? post.summary : `${site.kicker}. ${site.taglineShort}`;
  // A realm's page is its own canonical address, its alternates the same realm's page (decision 049).
  const url = (lang: Language) =>
    new URL(
      post
        ? getNewsPostHref(post.slug, lang)
        : clan
          ? clanHref(clan.name, lang)
          : withRealm(getHref(route, lang), realm),
      publicUrl,
    ).href;
  const feeds = LANGUAGES.map(
    (lang) =>
      `<link rel="alternate" type="application/atom+xml" hreflang="${LANGUAGE_TAGS[lang]}" title="${escapeHtml(
        `${(LOCALES[lang] as { news: { feed: string } }).news.feed} · ${texts(lang).site.name}`,
      )}" href="${escapeHtml(new URL(lang === 'en' ? '/news.atom' : `/${lang}/news.atom`, publicUrl).href)}" />`,
  );
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url(language))}" />`,
    ...LANGUAGES.map(
      (lang) => `<link rel="alternate" hreflang="${LANGUAGE_TAGS[lang]}" href="${escapeHtml(url(lang))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url('en'))}" />`,
    ...feeds,
    `<meta property="og:type" content="${post ? 'article' : 'website'}" />`,
    ...(post
      ? [`<meta property="article:published_time" content="${new Date(post.publishedAt).toISOString()}" />`]
      : []),
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
  news?: PageNews;
  /** The reads answered from memory: a page carries those it shows and is rendered again when they change. */
  answers?: PageAnswers;
  clans?: PageClans;
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
  const settled = new Map<string, PreparedPage>();
  /** The answers each page (kept or being rendered) was rendered with, undefined for one not read yet. */
  const renderedWith = new Map<string, { read: PageRead; json: string | undefined }[]>();
  const drop = (key: string) => {
    pages.delete(key);
    settled.delete(key);
    renderedWith.delete(key);
  };
  // A page that shows news is rendered again after the news changed; the old one is dropped.
  options.news?.onChange(() => {
    for (const key of [...pages.keys()]) {
      if (key.startsWith('post:') || NEWS_ROUTES.some((route) => key.startsWith(`${route}:`))) drop(key);
    }
  });
  // Likewise a page whose answers changed (decision 040), compared as the bytes the calls send: a
  // page rendered before the first read (its rows loading) is rendered again once they are read.
  options.answers?.onChange(() => {
    const answers = options.answers!;
    for (const [key, used] of [...renderedWith]) {
      if (used.some(({ read, json }) => answers.json(read) !== json)) drop(key);
    }
  });

  /** The answers of the reads a route shows, as page data, noted as what the page `key` is rendered with. */
  const answersFor = (key: string, reads: readonly PageRead[]) => {
    if (!options.answers || reads.length === 0) return {};
    const used = reads.map((read) => ({ read, json: options.answers!.json(read) }));
    renderedWith.set(key, used);
    const answers: Record<string, unknown> = {};
    for (const { read, json } of used) {
      if (json !== undefined) answers[pageReadKey(read.call, read.query)] = JSON.parse(json) as unknown;
    }
    return Object.keys(answers).length > 0 ? { answers } : {};
  };

  const build = async (
    key: string,
    route: RouteId,
    language: Language,
    post?: NewsPostView,
    clan?: ClanView,
    realm?: string,
  ) => {
    const loaded = await loadRenderer();
    if (!loaded) return undefined;
    const path = post
      ? getNewsPostHref(post.slug, language)
      : clan
        ? clanHref(clan.name, language)
        : withRealm(getHref(route, language), realm);
    // A realm's page reads its realm's answers (`realm=<slug>`, as the page asks for them).
    const reads = (loaded.pageReads?.(route) ?? []).map((read) =>
      realm ? { ...read, query: { ...read.query, realm } } : read,
    );
    const showsNews = post !== undefined || NEWS_ROUTES.includes(route);
    const data = {
      metadata: options.metadata,
      texts: texts(language),
      ...(showsNews && options.news ? { news: options.news.published(language) } : {}),
      ...answersFor(key, post || clan ? [] : reads),
      ...(clan ? { clan } : {}),
    };
    const names = GAME_NAMES[language] as Record<string, Readonly<Record<string, string>>>;
    const textsRead = new Set<string>();
    const rendered = await loaded.renderPage(path, language, { ...data, names, textsRead });
    const shown = loaded.pageNames?.(clan ? 'clan' : route) ?? [];
    const pageData = {
      ...data,
      ...loaded.pageTexts?.(post ? 'post' : clan ? 'clan' : route, data.texts, textsRead),
      ...(shown.length > 0 ? { names: Object.fromEntries(shown.map((kind) => [kind, names[kind]])) } : {}),
      ...loaded.writtenTexts?.(language),
    };
    const body = withoutHoistedPreloads(rendered);
    const heading = HEADING.exec(body)?.[1];
    const html = options.template
      .replace(/<html lang="[^"]*">/, `<html lang="${LANGUAGE_TAGS[language]}">`)
      .replace(
        /<title>[^<]*<\/title>/,
        headTags(route, language, heading && decodeHTML(heading), options.publicUrl, post, clan, realm),
      )
      .replace(/\s*<meta\s+name="description"[^>]*\/>/, '')
      .replace('</head>', `  ${FIRST_SCREEN_PRELOADS}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${body}</div>\n    <script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(pageData)}</script>`,
      );
    const plain = Buffer.from(html, 'utf8');
    // Compressed in libuv's thread pool: Brotli 11 of a page takes a few hundred milliseconds of
    // CPU, which on the event loop would hold up every other request meanwhile.
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(plain, { level: 9 }),
      brotliAsync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    ]);
    return {
      etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
      plain,
      gzip: gzipped,
      brotli,
    } satisfies PreparedPage;
  };

  const kept = (key: string, make: () => Promise<PreparedPage | undefined>) => {
    let page = pages.get(key);
    if (!page) {
      const made = make().then(
        (done) => {
          if (done && pages.get(key) === made) settled.set(key, done);
          return done;
        },
        (error: unknown) => {
          options.onError(error);
          if (pages.get(key) === made) drop(key);
          return undefined;
        },
      );
      page = made;
      pages.set(key, page);
    }
    return page;
  };

  // A clan's page, rendered from the clan's data and made again only when those bytes change (the
  // clan list is read again every period, mostly to the same data), bounded by bytes.
  interface ClanPage {
    json: string;
    page: Promise<PreparedPage | undefined>;
    settled?: PreparedPage;
    bytes?: number;
  }
  const clanPages = new LRUCache<string, ClanPage>({
    maxSize: CLAN_PAGE_BYTES_KEPT,
    sizeCalculation: (entry) => entry.bytes ?? 1,
  });
  // A clan's data is the same object until it is read again: its bytes are written once.
  const clanJson = new WeakMap<ClanView, string>();
  const jsonOf = (view: ClanView) => {
    let json = clanJson.get(view);
    if (json === undefined) {
      json = JSON.stringify(view);
      clanJson.set(view, json);
    }
    return json;
  };
  const clanKey = (view: ClanView, language: Language) => `${view.name.toLowerCase()}:${language}`;

  return {
    page: (route, language, realm) => {
      const key = realm ? `${route}:${language}:${realm}` : `${route}:${language}`;
      return kept(key, () => build(key, route, language, undefined, undefined, realm));
    },
    async clanPage(name, language) {
      const clan = await options.clans?.find(name);
      if (!clan) return null;
      const key = clanKey(clan.view, language);
      const json = jsonOf(clan.view);
      const kept = clanPages.get(key);
      if (kept?.json === json) return kept.page;
      const entry: ClanPage = { json, page: Promise.resolve(undefined) };
      entry.page = build(`clan:${key}`, 'notFound', language, undefined, clan.view).then(
        (page) => {
          // Its size is known once made: set again, so the bound counts its bytes.
          if (page && clanPages.peek(key) === entry) {
            entry.settled = page;
            entry.bytes = page.plain.byteLength + page.gzip.byteLength + page.brotli.byteLength;
            clanPages.set(key, entry);
          }
          return page;
        },
        (error: unknown) => {
          options.onError(error);
          if (clanPages.peek(key) === entry) clanPages.delete(key);
          return undefined;
        },
      );
      clanPages.set(key, entry);
      return entry.page;
    },
    readyPage: (route, language, realm) =>
      settled.get(realm ? `${route}:${language}:${realm}` : `${route}:${language}`),
    // A post's page is dropped when the news change, so one still kept shows the post as it is.
    readyPostPage: (slug, language) => settled.get(`post:${slug}:${language}`),
    readyClanPage(name, language) {
      const clan = options.clans?.ready(name);
      if (!clan) return undefined;
      const kept = clanPages.get(clanKey(clan.view, language));
      return kept?.json === jsonOf(clan.view) ? kept.settled : undefined;
    },
    async postPage(slug, language) {
      const post = options.news?.published(language).find((shown) => shown.slug === slug);
      if (!post) return null;
      const key = `post:${slug}:${language}`;
      return kept(key, () => build(key, 'news', language, post));
    },
  };
};
