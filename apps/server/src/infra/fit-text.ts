/**
 * Text cut to what a column holds. MySQL's varchar(N) counts code points, so a cut never splits
 * an emoji's surrogate pair (which would store a broken character).
 */
export const fitText = (value: string, maxCodePoints: number): string => {
  // Fewer UTF-16 units than the limit: fewer code points too.
  if (value.length <= maxCodePoints) return value;
  return Array.from(value).slice(0, maxCodePoints).join('');
};

/** Characters outside the Basic Multilingual Plane: what a utf8mb3 column refuses. */
const ASTRAL = /[\u{10000}-\u{10FFFF}]/gu;

export const hasAstral = (value: string): boolean => /[\u{10000}-\u{10FFFF}]/u.test(value);

/** The text with each 4-byte character replaced by U+FFFD, for a column that cannot take it. */
export const withoutAstral = (value: string): string => value.replace(ASTRAL, '\uFFFD');

/** MySQL/MariaDB refused a string value the column's character set cannot hold (errno 1366). */
export const isIncorrectStringValue = (error: unknown): boolean => {
  const { errno, code } = (error ?? {}) as { errno?: unknown; code?: unknown };
  return errno === 1366 || code === 'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD';
};

/**
 * Writes a record; when a column still refuses a 4-byte character (a table left utf8mb3), writes
 * it again with those characters replaced rather than lose it, and says so through `onReplaced`.
 */
export const writeFitting = async <V extends object, R>(
  values: V,
  write: (values: V) => Promise<R>,
  onReplaced: () => void,
): Promise<R> => {
  try {
    return await write(values);
  } catch (error) {
    if (!isIncorrectStringValue(error)) throw error;
    onReplaced();
    const replaced = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? withoutAstral(value) : value]),
    ) as V;
    return write(replaced);
  }
};
