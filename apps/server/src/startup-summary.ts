import type { OwnerNotice } from './owner-notices';

export interface StartupSummaryInput {
  /** The address players use (PUBLIC_URL). */
  publicUrl: string;
  /** Where the server listens, host:port. */
  listening: string;
  /** The demo world's accounts, when the site runs on the embedded demo database; else none. */
  demoAccounts: readonly { login: string; password: string; accessLevel: number }[];
  notices: readonly Pick<OwnerNotice, 'summary' | 'page'>[];
  /** The file that keeps the authenticator secrets' key, when the site made it (no TOTP_SECRET_KEY). */
  totpKeyFile?: string;
}

const role = (accessLevel: number) => (accessLevel < 0 ? ' (banned)' : accessLevel > 0 ? ' (game master)' : '');

/**
 * The lines `npm start` ends with in a terminal: where the site is, the demo accounts to try it
 * with, what is not configured yet, each with the page of the owner's guide that explains it, and
 * the key file to back up.
 */
export const startupSummary = (input: StartupSummaryInput): string[] => {
  const width = Math.max(0, ...input.demoAccounts.map((account) => account.login.length));
  const lines = ['', `Gatekeeper is ready: ${input.publicUrl} (listening on ${input.listening})`];
  if (input.demoAccounts.length > 0) {
    lines.push('', 'Demo accounts (login, password):');
    for (const account of input.demoAccounts) {
      lines.push(`  ${account.login.padEnd(width)}  ${account.password}${role(account.accessLevel)}`);
    }
  }
  if (input.notices.length > 0) {
    lines.push('', 'Not configured yet:');
    for (const notice of input.notices) lines.push(`  - ${notice.summary} (docs/owner/${notice.page})`);
  } else {
    lines.push('', 'Everything is configured.');
  }
  if (input.totpKeyFile) {
    lines.push(
      '',
      `Authenticator secrets are encrypted with the key in ${input.totpKeyFile}: back it up with the site database (docs/owner/accounts.md).`,
    );
  }
  lines.push('', 'Stop it with Ctrl+C.', '');
  return lines;
};
