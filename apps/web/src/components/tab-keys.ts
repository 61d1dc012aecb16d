/**
 * Where a key press moves the selection in a WAI-ARIA tablist: the arrows to the next or previous
 * tab (wrapping), Home and End to the first and last; undefined for any other key.
 */
export const tabIndexAfterKey = (key: string, index: number, count: number): number | undefined =>
  key === 'ArrowRight'
    ? (index + 1) % count
    : key === 'ArrowLeft'
      ? (index - 1 + count) % count
      : key === 'Home'
        ? 0
        : key === 'End'
          ? count - 1
          : undefined;
