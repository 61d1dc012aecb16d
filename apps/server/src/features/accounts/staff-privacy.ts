import type { ConsoleAccountView, ConsoleAuditRow, ConsoleRole } from '@gatekeeper/contract';
import { isIPv4, isIPv6 } from 'node:net';
import { normalizeLogin } from '../../game/accounts';

/**
 * What a GM sees of the staff (docs/owner/console.md#what-a-gm-sees): the e-mail and the addresses
 * of another staff account (GM or owner) are masked before they leave the server; a GM sees its
 * own, and players', in full, and an owner sees everything in full. Every console answer that
 * carries a staff account's e-mail or address goes through here.
 */

/** Who looks: the console actor's login and role. */
export interface Viewer {
  login: string;
  role: ConsoleRole;
}

/** Whose data it is: the account's login, and whether it is staff (a GM's access level or above). */
export interface Subject {
  login: string;
  staff: boolean;
}

/** Whether the viewer may need the staff's logins to decide (a GM); an owner sees everything in full. */
export const masksStaff = (viewer: Viewer): boolean => viewer.role !== 'owner';

/** Whether the viewer sees the subject's e-mail and addresses in full. */
export const seesInFull = (viewer: Viewer, subject: Subject): boolean =>
  !masksStaff(viewer) || !subject.staff || normalizeLogin(subject.login) === normalizeLogin(viewer.login);

/** `owner@example.com` -> `o***@example.com`: the first letter and the domain. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email === '' ? '' : '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
};

/**
 * The network, not the machine: an IPv4 address keeps its first two parts (`203.0.*.*`), an IPv6
 * address its first two groups (`2001:db8:*`, the provider's block). Anything else is hidden.
 */
export const maskAddress = (address: string): string => {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  if (isIPv4(v4)) {
    const [a, b] = v4.split('.');
    return `${a}.${b}.*.*`;
  }
  if (isIPv6(address)) {
    // Before `::` are the leading groups; fewer than two means the rest of the first two are zeros.
    const head = address.split('::')[0] ?? '';
    const groups = head === '' ? [] : head.split(':');
    const group = (index: number) => Number.parseInt(groups[index] ?? '0', 16).toString(16);
    return `${group(0)}:${group(1)}:*`;
  }
  return address === '' ? '' : '***';
};

/** An e-mail as the viewer may see it. */
export const emailFor = (viewer: Viewer, subject: Subject, email: string): string =>
  seesInFull(viewer, subject) ? email : maskEmail(email);

/** An address as the viewer may see it. */
export const addressFor = (viewer: Viewer, subject: Subject, address: string): string =>
  seesInFull(viewer, subject) ? address : maskAddress(address);

/** An account of the Accounts look-up as the viewer may see it: a staff account's e-mail and sign-in addresses masked for a GM. */
export const accountViewFor = (viewer: Viewer, view: ConsoleAccountView, staff: boolean): ConsoleAccountView => {
  const subject = { login: view.login, staff };
  if (seesInFull(viewer, subject)) return view;
  return {
    ...view,
    email: view.email === null ? null : maskEmail(view.email),
    signIns: view.signIns.map((signIn) => ({ ...signIn, address: maskAddress(signIn.address) })),
  };
};

/**
 * Whether a look-up may answer this account to the viewer: a GM does not find another staff
 * account by its e-mail, which would confirm a guessed address that the answer then masks.
 */
export const mayFind = (viewer: Viewer, view: Pick<ConsoleAccountView, 'login' | 'foundBy'>, staff: boolean): boolean =>
  view.foundBy !== 'email' || seesInFull(viewer, { login: view.login, staff });

/** An audit log line as the viewer may see it: every line is a staff member's, so a GM sees only its own address. */
export const auditRowFor = (viewer: Viewer, row: ConsoleAuditRow): ConsoleAuditRow => ({
  ...row,
  address: addressFor(viewer, { login: row.login, staff: true }, row.address),
});
