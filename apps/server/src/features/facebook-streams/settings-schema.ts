import { z } from 'zod';

/**
 * Settings key `facebook`: the Facebook app players authorize (stream registration, route fb) and
 * how often the collector reads their live videos. The app secret and the key that encrypts the
 * stored tokens are secrets: they come from the environment (FACEBOOK_APP_SECRET,
 * FACEBOOK_TOKEN_KEY), never from this file.
 */
export const facebookSettings = z
  .object({
    /** The app id (client id) of the login dialog; empty turns stream registration off. */
    appId: z.string().regex(/^\d*$/, 'expected the numeric Facebook app id').default(''),
    /** Where the Graph API is asked, or a local server in tests. */
    graphApiBaseUrl: z.url().default('https://graph.facebook.com'),
    /** The Graph API and login dialog version. */
    graphApiVersion: z
      .string()
      .regex(/^v\d+\.\d+$/, 'expected a version like v19.0')
      .default('v19.0'),
    /** How often a streamer's live video is read while their character is online. */
    pollSeconds: z.number().int().min(30).max(600).default(60),
    /** How long a code handed out on the fb page may be entered at the Rewards Manager. */
    codeMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(30),
  })
  .strict()
  .prefault({});

export type FacebookSettings = z.infer<typeof facebookSettings>;
