import type { BrowserContextOptions } from '@playwright/test';

/**
 * The window sizes of decision 010: a phone (390 px, touch, a 2x screen), a short laptop
 * (1280 x 720) and a full desktop (1920 x 1080, the project's own size).
 */
export const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  laptop: { viewport: { width: 1280, height: 720 } },
  desktop: { viewport: { width: 1920, height: 1080 } },
} as const satisfies Record<string, BrowserContextOptions>;
export type Size = keyof typeof SIZES;

/**
 * A journey's logic is tested once per game flavour, and each size it is about is seen by one of
 * them (docs/decisions/043-fast-feedback.md): the first flavour at the first size, the second at
 * the second, and so on round the sizes. Running every flavour at every size would test the same
 * logic again at each size, for the time of a whole journey each.
 */
export const oneSizeEach = <T>(flavors: readonly T[], sizes: readonly Size[]): [T, Size][] =>
  flavors.map((flavor, index) => [flavor, sizes[index % sizes.length]!]);
