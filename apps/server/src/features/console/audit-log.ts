import type { ConsoleAuditAnswer } from '@gatekeeper/contract';
import { type Kysely, sql } from 'kysely';
import type { SiteDatabase } from '../../db/tables';

/** One line of the audit log as it is written: who, what, on which record, from where. */
export interface AuditEntry {
  login: string;
  role: string;
  action: string;
  record?: string;
  address: string;
  detail?: string;
}

const PAGE = 50;

/** A LIKE pattern that matches the text itself: its %, _ and ! are escaped with ! (see search). */
const containing = (text: string): string => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

const cut = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);

/**
 * The console's audit log (docs/owner/console.md#audit-log) in site_console_audit: every console
 * sign-in and action. This class only appends and reads; no call of the site updates or deletes a row.
 */
export class AuditLog {
  constructor(
    private readonly db: Kysely<SiteDatabase>,
    private readonly now: () => number,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db
      .insertInto('site_console_audit')
      .values({
        at: this.now(),
        login: cut(entry.login, 45),
        role: cut(entry.role, 16),
        action: cut(entry.action, 64),
        record: cut(entry.record ?? '', 190),
        address: cut(entry.address, 45),
        detail: cut(entry.detail ?? '', 1000),
      })
      .execute();
  }

  /**
   * The newest lines first, 50 a page; `q` matches login, action, record, address or detail. With
   * `addressesOf` (a GM, who sees only its own addresses in full: staff-privacy.ts), `q` matches the
   * address of that login's lines only, so a search cannot confirm another staff member's address.
   */
  async search(
    input: { q?: string | undefined; before?: number | undefined },
    options: { addressesOf?: string } = {},
  ): Promise<ConsoleAuditAnswer> {
    const q = input.q?.trim() ?? '';
    const { addressesOf } = options;
    const rows = await this.db
      .selectFrom('site_console_audit')
      .selectAll()
      .$if(input.before !== undefined, (query) => query.where('id', '<', input.before ?? 0))
      .$if(q !== '', (query) =>
        query.where((eb) => {
          // SQLite has no default LIKE escape and MariaDB reads a backslash in a literal: '!' is plain in both.
          const like = (column: 'login' | 'action' | 'record' | 'address' | 'detail') =>
            sql<boolean>`${eb.ref(column)} like ${containing(q)} escape '!'`;
          return eb.or([
            ...(['login', 'action', 'record', 'detail'] as const).map(like),
            addressesOf === undefined ? like('address') : eb.and([eb('login', '=', addressesOf), like('address')]),
          ]);
        }),
      )
      .orderBy('id', 'desc')
      .limit(PAGE + 1)
      .execute();
    const page = rows.slice(0, PAGE).map((row) => ({
      id: Number(row.id),
      at: Number(row.at),
      login: row.login,
      role: row.role,
      action: row.action,
      record: row.record,
      address: row.address,
      detail: row.detail,
    }));
    return { rows: page, next: rows.length > PAGE ? (page.at(-1)?.id ?? null) : null };
  }
}
