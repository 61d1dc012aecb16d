import { z } from 'zod';

const updater = (url: string) =>
  z
    .object({
      /** The external file host's link (it opens in a new tab). */
      url: z
        .string()
        .regex(/^https?:\/\//, 'expected an http(s) URL')
        .default(url),
      /** Shown beside the link when set, e.g. "v2.4" and "38 MB". */
      version: z.string().max(40).default(''),
      size: z.string().max(40).default(''),
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
  .prefault({});
export type DownloadsSettings = z.infer<typeof downloadsSettings>;
