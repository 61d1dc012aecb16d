import { LRUCache } from 'lru-cache';

/**
 * Query strings remembered with what checking them gave (a lookup key, or false when the query is
 * refused), so that the front door does not parse the same few queries over and over. Bounded by
 * bytes, not by count: a query longer than a valid one can be (a name of 64 characters, each at
 * most 12 escaped) is checked every time and never kept, and the whole is at most `maxBytes`.
 */
export class CheckedQueries {
  static readonly LONGEST_KEPT = 1_024;
  readonly #kept: LRUCache<string, string | false>;

  constructor(
    private readonly check: (query: string) => string | false,
    maxBytes = 1024 * 1024,
  ) {
    this.#kept = new LRUCache<string, string | false>({
      maxSize: maxBytes,
      // Two bytes a UTF-16 unit of the query, and about as much again for the key and the entry.
      sizeCalculation: (key, query) => 2 * query.length + (key === false ? 0 : 2 * key.length) + 64,
    });
  }

  /** The key of a query, or false when it is refused. */
  keyOf(query: string): string | false {
    const kept = this.#kept.get(query);
    if (kept !== undefined) return kept;
    const key = this.check(query);
    if (query.length <= CheckedQueries.LONGEST_KEPT) this.#kept.set(query, key);
    return key;
  }

  /** The bytes kept, as counted above. */
  get keptBytes(): number {
    return this.#kept.calculatedSize;
  }
}
