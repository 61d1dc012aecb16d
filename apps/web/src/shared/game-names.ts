import { type GameNameKind, type Language, gameNamesFilePath } from '@gatekeeper/contract/lite';
import { use, useCallback } from 'react';
import { useLanguage } from './use-language';

/** The names of one kind of thing by the game's id (`"90": "Phoenix Knight"`). */
export type NameTable = Readonly<Record<string, string>>;

/** Some kinds of names of one language, as a pre-rendered page carries them. */
export type GameNames = Partial<Record<GameNameKind, NameTable>>;

const tables = new Map<string, NameTable>();
const loading = new Map<string, Promise<NameTable>>();
const keyOf = (language: Language, kind: GameNameKind) => `${language}/${kind}`;

/** Names the server rendered the page with (or, on the server, every kind of the language). */
export const adoptGameNames = (language: Language, names: GameNames): void => {
  for (const [kind, table] of Object.entries(names)) tables.set(keyOf(language, kind as GameNameKind), table);
};

/**
 * One kind of names of one language, fetched once (decision 047). A table that cannot be fetched
 * counts as empty, so the page shows what the answer itself says rather than an error.
 */
const tableOf = (language: Language, kind: GameNameKind): Promise<NameTable> => {
  const key = keyOf(language, kind);
  let promise = loading.get(key);
  if (!promise) {
    promise = fetch(gameNamesFilePath(language, kind))
      .then((response) => (response.ok ? (response.json() as Promise<NameTable>) : {}))
      .catch(() => ({}))
      .then((table) => {
        tables.set(key, table);
        return table;
      });
    loading.set(key, promise);
  }
  return promise;
};

const NO_NAMES: NameTable = {};

/**
 * The name of a thing by its game id in the page's language: the language's own name, else the
 * fallback the answer gave (a boss a custom pack adds), else `#id`. Suspends while the language's
 * table of that kind loads; without a kind (a component that shows names only sometimes), only
 * the fallbacks.
 */
export const useGameNames = (kind: GameNameKind | undefined): ((id: number, fallback?: string) => string) => {
  const { language } = useLanguage();
  const key = kind === undefined ? undefined : keyOf(language, kind);
  // A table fetched here is read through its promise every time: React wants use() called again
  // after it suspended on it. A table the page was rendered with needs no promise.
  const pending = key === undefined ? undefined : loading.get(key);
  const table =
    kind === undefined
      ? NO_NAMES
      : pending
        ? use(pending)
        : (tables.get(keyOf(language, kind)) ?? use(tableOf(language, kind)));
  return useCallback((id: number, fallback?: string) => table[String(id)] ?? fallback ?? `#${id}`, [table]);
};
