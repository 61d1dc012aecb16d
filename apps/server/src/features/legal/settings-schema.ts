import { z } from 'zod';

const optionalUrl = z.union([z.literal(''), z.url()]);

/**
 * The footer's pages (settings key `legal`): privacy policy, terms and contact. The site serves a
 * page of its own for each; a URL here sends the footer's link to the owner's page instead.
 */
export const legalSettings = z
  .object({
    privacyUrl: optionalUrl
      .default('')
      .describe(
        "Your own privacy policy; empty: the site's page, which says what the site stores, for how long, and why.",
      ),
    termsUrl: optionalUrl
      .default('')
      .describe("Your own terms of use; empty: the site's page with general terms for a fan-run server."),
    contactUrl: optionalUrl
      .default('')
      .describe(
        "Your own contact page; empty: the site's page, which lists `contactEmail`, the Discord and community chat links and `donations.contact`.",
      ),
    contactEmail: z
      .union([z.literal(''), z.email()])
      .default('')
      .describe("An e-mail address for players, shown on the site's contact page; empty shows none."),
    appealContact: z
      .union([z.literal(''), z.email(), z.url()])
      .default('')
      .describe(
        'Where a banned player appeals the ban, shown on their My account page with the reason of the ban: an e-mail address or a URL (e.g. a forum thread or a Discord channel); empty shows nothing.',
      ),
  })
  .strict()
  .prefault({})
  .describe('The footer: privacy policy, terms and contact (see settings.md).');
export type LegalSettings = z.infer<typeof legalSettings>;
