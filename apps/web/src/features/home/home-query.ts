/**
 * The query parameters the home page acts on (docs/product.md#home): `param=unsubscribe` with email, user,
 * version and the mail's signature, `param=password_reset` with the key of a recovery mail, and
 * `param=email_change` with the key of an email-change link (docs/product.md#change-email).
 * Pure, so it is tested alone; the calls live in run-home-query.ts, loaded only when one of these
 * is present. `ref` works on every page, so the shell handles it (features/referral).
 */
export type HomeQueryAction =
  | { kind: 'unsubscribe'; email: string; user: string; version: string; sig: string }
  | { kind: 'passwordReset'; key: string }
  | { kind: 'emailChange'; key: string };

export const readHomeQuery = (search: string): { actions: HomeQueryAction[]; rest: string } => {
  const params = new URLSearchParams(search);
  const actions: HomeQueryAction[] = [];
  const handled: string[] = [];

  const param = params.get('param');
  if (param === 'unsubscribe') {
    const read = (name: string) => params.get(name) ?? '';
    actions.push({
      kind: 'unsubscribe',
      email: read('email'),
      user: read('user'),
      version: read('version'),
      sig: read('sig'),
    });
    handled.push('param', 'email', 'user', 'version', 'sig');
  } else if (param === 'password_reset') {
    actions.push({ kind: 'passwordReset', key: params.get('key') ?? '' });
    handled.push('param', 'key');
  } else if (param === 'email_change') {
    actions.push({ kind: 'emailChange', key: params.get('key') ?? '' });
    handled.push('param', 'key');
  }

  for (const name of handled) params.delete(name);
  const rest = params.toString();
  return { actions, rest: rest ? `?${rest}` : '' };
};
