import { z } from 'zod';

/**
 * Settings key `facebook`: the Facebook app players authorize (stream registration, route fb) and
 * how often the collector reads their live videos. The app secret and the key that encrypts the
 * stored tokens are secrets: they come from the environment (FACEBOOK_APP_SECRET,
 * FACEBOOK_TOKEN_KEY), never from this file.
 */
export const facebookSettings = z
  .object({
    appId: z
      .string()
      .regex(/^\d*$/, 'expected the numeric Facebook app id')
      .default('')
      .describe(
        'The Facebook app id (client id) of the stream registration (route `fb`); empty says that registration is not open.',
      ),
    graphApiBaseUrl: z
      .url()
      .default('https://graph.facebook.com')
      .describe('Where the Graph API is asked (or a proxy of your own; the tests point it at a local server).'),
    graphApiVersion: z
      .string()
      .regex(/^v\d+\.\d+$/, 'expected a version like v19.0')
      .default('v19.0')
      .describe('The Graph API and login dialog version.'),
    pollSeconds: z
      .number()
      .int()
      .min(30)
      .max(600)
      .default(60)
      .describe("How often a registered streamer's live video is read while the bound character is online."),
    codeMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(30)
      .describe('How long the code shown on the `fb` page may be entered at the Rewards Manager.'),
  })
  .strict()
  .prefault({})
  .describe(
    'Stream registration (route `fb`): the Facebook app players authorize and how often their live videos are read (see streams.md). The app secret and the token key are secrets: `FACEBOOK_APP_SECRET` and `FACEBOOK_TOKEN_KEY` in the environment.',
  );

export type FacebookSettings = z.infer<typeof facebookSettings>;
