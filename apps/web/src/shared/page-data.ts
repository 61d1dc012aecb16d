import type { ClanView, Language, Metadata, NewsPostView } from '@gatekeeper/contract/lite';
import type { GameNames } from './game-names';

/** What the server writes into a pre-rendered page for the browser to hydrate with. */
export interface PageData {
  metadata: Metadata;
  /**
   * The page language's texts, so hydration needs no fetch: the shell's and the page's own
   * sections of the locale file (i18n/page-texts.ts, decision 048).
   */
  texts: Record<string, unknown>;
  /** The sections of the locale file `texts` has whole; without it, `texts` is the whole file. */
  textSections?: string[];
  /**
   * The game's names by id in the page's language (decision 047): the kinds the page shows. The
   * server's render has every kind of the language here.
   */
  names?: GameNames;
  /** Texts the server's render computed, adopted as they are (shared/written-texts.ts). */
  written?: Record<string, string>;
  /** The page language's published news, on the pages that show them (home, /news, a post). */
  news?: NewsPostView[];
  /**
   * The answers of the public reads the page's route shows (app/page-reads.ts), by read key
   * (`pageReadKey`), exactly as the calls answer them (decision 040).
   */
  answers?: Record<string, unknown>;
  /** A clan page's clan (docs/product.md#clan-page), so its rows are in the HTML and need no call. */
  clan?: ClanView;
}

export const PAGE_DATA_ID = 'gatekeeper-page-data';

/** The data of a pre-rendered page, or undefined for a page the browser renders alone. */
export const readPageData = (): PageData | undefined => {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return undefined;
  }
};

/** The news a page was rendered with, and the language they are in. */
export interface PageNews {
  language: Language;
  posts: NewsPostView[];
}
