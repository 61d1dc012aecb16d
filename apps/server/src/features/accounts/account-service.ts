import { isIPv6 } from 'node:net';
import {
  COOKIES,
  type ChangePasswordModel,
  type ChangePincodeModel,
  type ErrorCode,
  type RegisterModel,
  type UnblockCharacterModel,
} from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { type Account, insertGameAccount, findAccount, normalizeLogin, setPassword } from '../../game/accounts';
import {
  type Character,
  findCharacterByName,
  hasAnyCharacter,
  isJailedInRow,
  isOffline,
  type Location,
  moveOfflineCharacter,
} from '../../game/characters';
import { setPincode } from '../../game/pincode';
import { isCharacterJailed } from '../../game/punishments';
import type { AccountEvents } from './account-events';
import { type CredentialsDeps, checkCredentials, counterLogin, isRefused } from './credentials';
import { expireRecoveryKeys } from './recovery-keys';
import { attachEmail } from './account-emails';

export const SAFE_TOWNS: Record<'giran' | 'talkingIsland', Location> = {
  giran: { x: 83400, y: 147943, z: -3404 },
  talkingIsland: { x: -84318, y: 244579, z: -3730 },
};

/** Told of a password the site changed: the account's other signed-in sessions end (features/sessions). */
export interface PasswordChangeListener {
  passwordChanged(login: string, cookieHeader: string | undefined): Promise<void>;
}

export interface AccountServiceDeps extends CredentialsDeps {
  events: AccountEvents;
  /** The signed-in sessions, ended when the password changes; none in suites without them. */
  sessions?: PasswordChangeListener;
  unstuckTo: Location;
  onListenerError: (error: unknown) => void;
}

export interface Visitor {
  ipV4: string;
  cookieHeader: string | undefined;
}

const recordIp = (
  db: Kysely<SiteDatabase>,
  row: { login: string; ipV4: string; ipV6: string; kind: 'creation' | 'update'; at: number },
) =>
  db
    .insertInto('site_account_ips')
    .values({ login: row.login, ip_v4: row.ipV4, ip_v6: row.ipV6, kind: row.kind, created_at: row.at })
    .execute();

const cleanIpV6 = (value: string | undefined) => (value && isIPv6(value) ? value : '');

/**
 * createaccount: a new accounts row as the login server expects it. Answers the login as stored
 * (the contract trimmed the name; it is lowercased here, once), or why there is none.
 */
export const registerAccount = async (
  deps: AccountServiceDeps,
  model: Required<Pick<RegisterModel, 'username' | 'newPassword' | 'email'>> & { creationIpV6?: string },
  visitor: Visitor,
): Promise<{ login: string } | { errors: ErrorCode[] }> => {
  const login = normalizeLogin(model.username);
  const created = await insertGameAccount(deps.connections.login.db, deps.schema, {
    login,
    password: model.newPassword,
    email: model.email.trim(),
  });
  if (!created) return { errors: ['usernameTaken'] };
  await attachEmail(deps, login, model.email);
  const ipV6 = cleanIpV6(model.creationIpV6);
  await recordIp(deps.connections.site.db, { login, ipV4: visitor.ipV4, ipV6, kind: 'creation', at: deps.now() });
  await deps.events.accountCreated(
    { login, ipV4: visitor.ipV4, ipV6, cookieHeader: visitor.cookieHeader },
    deps.onListenerError,
  );
  return { login };
};

export const changePassword = async (
  deps: AccountServiceDeps,
  model: Pick<ChangePasswordModel, 'username' | 'password' | 'newPassword'>,
  address: string,
  cookieHeader?: string,
): Promise<ErrorCode[]> => {
  const checked = await checkCredentials(deps, { ...model, address });
  if ('error' in checked) return [checked.error];
  await setPassword(deps.connections.login.db, deps.schema, checked.account.login, model.newPassword);
  await expireRecoveryKeys(deps.connections.site.db, counterLogin(model.username, checked.account), deps.now());
  // Whoever knew the old password is signed out everywhere but in the browser that changed it.
  await deps.sessions?.passwordChanged(checked.account.login, cookieHeader);
  return [];
};

/** A realm's game database and flavour, where an account tool finds and changes a character (decision 049). */
export type RealmGameDeps = Pick<AccountServiceDeps, 'connections' | 'schema'>;

/**
 * The game of a realm by slug: undefined for a slug no realm has; a realm whose database does not
 * answer throws ServiceUnavailableError (503 with Retry-After). The first realm when left out.
 */
export type RealmGameOf = (realm: string | undefined) => RealmGameDeps | undefined;

/** A realm's deps: its game database and flavour, the login's (and everything else) as they are. */
const inRealm = (deps: AccountServiceDeps, game: RealmGameDeps): AccountServiceDeps => ({
  ...deps,
  connections: { ...deps.connections, game: game.connections.game },
  schema: game.schema,
});

/** The account's own character of that name in the realm's game, or the error to answer. */
const ownCharacter = async (
  deps: AccountServiceDeps,
  game: AccountServiceDeps,
  model: { username: string; password: string; email: string; charName: string },
  address: string,
): Promise<{ login: string; character: Character } | { error: ErrorCode }> => {
  const checked = await checkCredentials(deps, { ...model, address });
  if ('error' in checked) return checked;
  const character = await findCharacterByName(game.connections.game.db, game.schema, model.charName);
  if (!character || normalizeLogin(character.accountName ?? '') !== checked.account.login)
    return { error: 'charDoesntExist' };
  return { login: checked.account.login, character };
};

/**
 * changePincode with the password typed: the character is the realm's (`realm`, decision 049);
 * the password and the account are checked in the login database whatever the realm.
 */
export const changePincode = async (
  deps: AccountServiceDeps,
  model: Pick<ChangePincodeModel, 'username' | 'password' | 'email' | 'charName' | 'pincode'>,
  address: string,
  realmGame: RealmGameDeps = deps,
): Promise<ErrorCode[]> => {
  const game = inRealm(deps, realmGame);
  // The realm's game has no PIN (aCis): nothing to write, and nothing checked either.
  if (!game.schema.flavor.features.pincode) return ['pincodeNotSupported'];
  const checked = await checkCredentials(deps, { ...model, address });
  if ('error' in checked) return [checked.error];
  return setOwnCharacterPincode(game, checked.account.login, model);
};

/** The PIN of a character of an account whose password is proven (the form's, or the session's). */
const setOwnCharacterPincode = async (
  deps: AccountServiceDeps,
  login: string,
  model: { charName: string; pincode: string },
): Promise<ErrorCode[]> => {
  // Mobius deletes at every start the PIN of an account without a character: it would be lost.
  if (!(await hasAnyCharacter(deps.connections.game.db, login))) return ['pincodeNeedsCharacter'];
  const character = await findCharacterByName(deps.connections.game.db, deps.schema, model.charName);
  if (!character || normalizeLogin(character.accountName ?? '') !== login) return ['charDoesntExist'];
  // The game keys account_gsdata by the login as the character row names it.
  await setPincode(deps.connections.game.db, character.accountName ?? login, model.pincode);
  return [];
};

/**
 * unblockCharacter (POST /sdk/fixcharacter): moves an offline character of the account to the safe
 * town, in the realm's game database (decision 049).
 */
export const unblockCharacter = async (
  deps: AccountServiceDeps,
  model: Pick<UnblockCharacterModel, 'username' | 'password' | 'email' | 'charName'>,
  address: string,
  realmGame: RealmGameDeps = deps,
): Promise<ErrorCode[]> => {
  const game = inRealm(deps, realmGame);
  const found = await ownCharacter(deps, game, model, address);
  if ('error' in found) return [found.error];
  return moveToSafeTown(game, found.login, found.character);
};

/** Moves an offline, unjailed character of a proven account to the safe town. */
const moveToSafeTown = async (deps: AccountServiceDeps, login: string, character: Character): Promise<ErrorCode[]> => {
  const jailed =
    (await isJailedInRow(deps.connections.game.db, deps.schema, character.charId)) ||
    (deps.schema.hasPunishments && (await isCharacterJailed(deps.connections.game.db, character.charId, deps.now())));
  if (jailed) return ['characterJailed'];
  if (!isOffline(character)) return ['characterOnline'];
  const moved = await moveOfflineCharacter(deps.connections.game.db, deps.schema, {
    charId: character.charId,
    accountName: character.accountName ?? login,
    to: deps.unstuckTo,
  });
  // It logged in between the read and the write: the game owns its position now.
  return moved ? [] : ['characterOnline'];
};

/**
 * The signed-in account's own tools (docs/product.md#my-account): the login is the session's, so
 * nothing is typed again but what the tool changes; the account's ban is read again (the session
 * may predate it), and the character must be the account's, as with the anonymous tools.
 */
export const ownAccountTools = (
  deps: AccountServiceDeps,
  /**
   * The game database and flavour of a realm by slug (decision 049); a realm that is down throws
   * ServiceUnavailableError, a slug no realm has is undefined. Left out: the one game database.
   */
  realmGame?: RealmGameOf,
) => {
  /** The deps of a realm's character: its game database and flavour, the login's as they are. */
  const realmDeps = (realm: string | undefined): AccountServiceDeps | undefined => {
    if (!realmGame) return realm === undefined ? deps : undefined;
    const game = realmGame(realm);
    return game && inRealm(deps, game);
  };
  const usableAccount = async (login: string): Promise<Account | ErrorCode> => {
    const account = await findAccount(deps.connections.login.db, deps.schema, login);
    if (!account) return 'notSignedIn';
    return (await isRefused(deps, account)) ? 'accountBanned' : account;
  };
  const ownCharacterOf = async (
    game: AccountServiceDeps,
    login: string,
    charName: string,
  ): Promise<Character | ErrorCode> => {
    const character = await findCharacterByName(game.connections.game.db, game.schema, charName);
    return character && normalizeLogin(character.accountName ?? '') === login ? character : 'charDoesntExist';
  };
  return {
    /** The current password is asked: a session left open on a shared computer cannot change it. */
    changePassword: (
      login: string,
      model: { password: string; newPassword: string },
      address: string,
      cookieHeader: string | undefined,
    ) => changePassword(deps, { username: login, ...model }, address, cookieHeader),
    unblockCharacter: async (login: string, charName: string, realm?: string): Promise<ErrorCode[]> => {
      const game = realmDeps(realm);
      if (!game) return ['formInvalid'];
      const account = await usableAccount(login);
      if (typeof account === 'string') return [account];
      const character = await ownCharacterOf(game, account.login, charName);
      if (typeof character === 'string') return [character];
      return moveToSafeTown(game, account.login, character);
    },
    changePincode: async (
      login: string,
      model: { charName: string; pincode: string; realm?: string },
    ): Promise<ErrorCode[]> => {
      const game = realmDeps(model.realm);
      if (!game) return ['formInvalid'];
      if (!game.schema.flavor.features.pincode) return ['pincodeNotSupported'];
      const account = await usableAccount(login);
      if (typeof account === 'string') return [account];
      return setOwnCharacterPincode(game, account.login, model);
    },
  };
};
export type OwnAccountTools = ReturnType<typeof ownAccountTools>;

const IP_UPDATE_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_USERS_PER_UPDATE = 10;

/**
 * updateips: the addresses of the accounts registered from this browser. The page names them from
 * its users cookie, which anyone can write; only the logins the signed registration cookie proves
 * (`proven`) are recorded, the others are ignored.
 */
export const updateIps = async (
  deps: Pick<AccountServiceDeps, 'connections' | 'schema' | 'now'>,
  input: { users: string; ipV6: string },
  visitor: Visitor,
  proven: readonly string[],
): Promise<void> => {
  const provenLogins = new Set(proven.map(normalizeLogin));
  const logins = [...new Set(input.users.split(COOKIES.users.separator).map(normalizeLogin).filter(Boolean))]
    .filter((login) => provenLogins.has(login))
    .slice(0, MAX_USERS_PER_UPDATE);
  const ipV6 = cleanIpV6(input.ipV6);
  const since = deps.now() - IP_UPDATE_WINDOW_MS;
  for (const login of logins) {
    if (!(await findAccount(deps.connections.login.db, deps.schema, login))) continue;
    const seen = await deps.connections.site.db
      .selectFrom('site_account_ips')
      .select('id')
      .where('login', '=', login)
      .where('ip_v4', '=', visitor.ipV4)
      .where('ip_v6', '=', ipV6)
      .where('created_at', '>', since)
      .executeTakeFirst();
    if (!seen)
      await recordIp(deps.connections.site.db, { login, ipV4: visitor.ipV4, ipV6, kind: 'update', at: deps.now() });
  }
};
