import { z } from 'zod';

const updater = (url: string) =>
  z
    .object({
      url: z
        .string()
        .regex(/^https?:\/\//, 'expected an http(s) URL')
        .default(url)
        .describe("The updater's link on your file host (it opens in a new tab)."),
      version: z.string().max(40).default('').describe('Shown beside the link when set, e.g. "v2.4".'),
      size: z.string().max(40).default('').describe('Shown beside the link when set, e.g. "38 MB".'),
    })
    .strict()
    .prefault({});

/** The downloads page's two updaters (settings key `downloads`). */
export const downloadsSettings = z
  .object({
    updater64: updater('https://example.com/gatekeeper/downloads/updater-64bit.zip'),
    updater32: updater('https://example.com/gatekeeper/downloads/updater-32bit.zip'),
  })
  .strict()
  .prefault({})
  .describe(
    'The downloads page: the 64-bit and 32-bit updaters on your file host. Every click counts as a `downloaded` event of the referral programme.',
  );
export type DownloadsSettings = z.infer<typeof downloadsSettings>;
