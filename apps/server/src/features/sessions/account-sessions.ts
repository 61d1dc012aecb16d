import {
  type AccountAnswer,
  type AccountRealmCharacters,
  COOKIES,
  type ErrorCode,
  type SessionRow,
} from '@gatekeeper/contract';
import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { accountBan, accountCreatedAt, listAccountCharacterViews } from '../../game/account-overview';
import { type Account, findAccount } from '../../game/accounts';
import { banOf } from '../accounts/account-bans';
import { emailOf } from '../accounts/account-emails';
import { type CredentialsDeps, checkPassword, checkCode } from '../accounts/credentials';
import { CHALLENGE_MS, Passkeys, type RelyingParty } from './passkeys';
import { SecondFactor, type SecretCipher } from './second-factor';
import { PENDING_MS, type Session, SessionStore, passwordFingerprint, sha256Hex } from './session-store';
import { SignInHistory } from './sign-ins';

/** How long one instance believes what it read of an account's password and ban. */
const ACCOUNT_STATE_MS = 3_000;

export interface AccountSessionsOptions {
  idleMinutes: number;
  absoluteDays: number;
  /** PUBLIC_URL is https: the cookie is Secure and named with the __Host- prefix. */
  secure: boolean;
  /** The name authenticator apps show the second factor under: the site's host name. */
  issuer: string;
  /** Encrypts the second factor's stored secrets (TOTP_SECRET_KEY, or the key of its file). */
  secretCipher: SecretCipher;
  /** The passkeys' relying party: PUBLIC_URL's host name and origin. */
  relyingParty: RelyingParty;
  /** Whether the game server's light is green: while it is not, no character is shown in the game. */
  gameServerUp?: () => boolean;
  /**
   * On a site of several realms (decision 049), the account's characters of each realm after the
   * first, in the settings' order; My account lists them by realm.
   */
  otherRealmCharacters?: (login: string) => Promise<AccountRealmCharacters[]>;
  /** The first realm's slug, naming its group of characters on a site of several realms. */
  firstRealm?: string;
  onError: (error: unknown) => void;
}

/** Where a request comes from, as the list and the history show it. */
export interface Seen {
  address: string;
  device: string;
}

interface AccountState {
  /** undefined: the account no longer exists. */
  fingerprint: string | undefined;
  banned: boolean;
  readAt: number;
}

/** A signed-in request's session; restricted when the account is banned (it reads its ban, nothing else). */
/**
 * How long a proof of the password lasts for the changes a stolen session must not make alone:
 * the email, the passkeys, the authenticator (docs/owner/accounts.md#a-stolen-session).
 */
export const FRESH_PROOF_MS = 10 * 60_000;

export interface SignedIn {
  session: Session;
  restricted: boolean;
}

/** Masks an email's name, keeping its first and last character: p***r@example.com. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const name = email.slice(0, at);
  const shown = name.length > 2 ? `${name[0]}***${name.at(-1)}` : `${name[0]}***`;
  return `${shown}${email.slice(at)}`;
};

/**
 * A player's own account: sign-in with the game's login and password (the account tools' check,
 * lockout and counters), the sessions it opens (session-store.ts) and the account's read.
 */
export class AccountSessions {
  readonly store: SessionStore;
  readonly history: SignInHistory;
  readonly secondFactor: SecondFactor;
  readonly passkeys: Passkeys;
  readonly cookieName: string;
  /** The session cookie's readable hint for the page (no secret in it): a new tab asks for the login. */
  readonly hintCookieName: string;
  /** The cookie a passkey sign-in's challenge is bound to, when no sign-in waits for a code. */
  readonly passkeyCookieName: string;
  /** The cookie of a session waiting for the second factor's code: no other call reads it. */
  readonly pendingCookieName: string;
  private readonly states = new Map<string, AccountState>();

  constructor(
    private readonly deps: CredentialsDeps,
    private readonly options: AccountSessionsOptions,
  ) {
    this.store = new SessionStore(deps.connections.site.db, {
      idleMs: options.idleMinutes * 60_000,
      absoluteMs: options.absoluteDays * 24 * 60 * 60_000,
    });
    this.history = new SignInHistory(deps.connections.site.db);
    this.secondFactor = new SecondFactor(deps.connections.site.db, options.issuer, options.secretCipher);
    this.cookieName = options.secure ? '__Host-gk_session' : 'gk_session';
    this.hintCookieName = options.secure ? `__Host-${COOKIES.signedIn.name}` : COOKIES.signedIn.name;
    this.pendingCookieName = options.secure ? '__Host-gk_pending' : 'gk_pending';
    this.passkeys = new Passkeys(deps.connections.site.db, options.relyingParty);
    this.passkeyCookieName = options.secure ? '__Host-gk_passkey' : 'gk_passkey';
  }

  /** The cookie of a passkey sign-in's challenge (value '': cleared). */
  setPasskeyCookie(value: string): string {
    return serializeCookie(this.passkeyCookieName, value, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.options.secure,
      path: '/',
      maxAge: value === '' ? 0 : CHALLENGE_MS / 1000,
    });
  }

  cookieValueOf(cookieHeader: string | undefined, name = this.cookieName): string | undefined {
    const value = parseCookies(cookieHeader ?? '')[name];
    return value && value.length <= 128 ? value : undefined;
  }

  /** The cookie of a session waiting for the second factor (value '' with maxAge 0: cleared). */
  setPendingCookie(value: string): string {
    return serializeCookie(this.pendingCookieName, value, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.options.secure,
      path: '/',
      maxAge: value === '' ? 0 : PENDING_MS / 1000,
    });
  }

  /** The session's cookie, and its hint for the page with the same lifetime. */
  setCookie(value: string): string[] {
    const maxAge = this.options.absoluteDays * 24 * 60 * 60;
    return [
      serializeCookie(this.cookieName, value, {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.options.secure,
        path: '/',
        maxAge,
      }),
      serializeCookie(this.hintCookieName, '1', { sameSite: 'lax', secure: this.options.secure, path: '/', maxAge }),
    ];
  }

  /** Both cleared. */
  clearCookie(): string[] {
    return [
      serializeCookie(this.cookieName, '', {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.options.secure,
        path: '/',
        maxAge: 0,
      }),
      serializeCookie(this.hintCookieName, '', { sameSite: 'lax', secure: this.options.secure, path: '/', maxAge: 0 }),
    ];
  }

  /**
   * Signs in with the game's login and password. An unknown login and a wrong password answer
   * alike, after the same hash work (checkPassword compares a dummy hash); a banned account gets
   * a session marked banned. Any session the browser held is ended: the id is always new.
   */
  async signIn(
    input: { username: string; password: string; previous: string | undefined } & Seen,
  ): Promise<{ cookieValue: string } | { pendingCookieValue: string } | { error: ErrorCode }> {
    const now = this.deps.now();
    const checked = await checkPassword(this.deps, {
      username: input.username,
      password: input.password,
      address: input.address,
    });
    if ('error' in checked) {
      const { account } = checked;
      // Written after the answer: an unknown login, which has no history, answers as fast.
      if (account) {
        this.history
          .record({
            login: account.login,
            at: now,
            address: input.address,
            device: input.device,
            outcome: checked.error === 'tooManyAttempts' ? 'locked' : 'wrongPassword',
          })
          .catch(this.options.onError);
      }
      return { error: checked.error };
    }
    const { account } = checked;
    if (input.previous) await this.store.end((await this.store.find(input.previous, now))?.idHash ?? '');
    if (await this.secondFactor.isOn(account.login)) {
      // The password was right: a session that can only take the code, under a cookie of its own.
      const { cookieValue } = await this.store.create({
        login: account.login,
        address: input.address,
        device: input.device,
        fingerprint: passwordFingerprint(account.passwordHash),
        banned: false,
        pending: true,
        now,
      });
      return { pendingCookieValue: cookieValue };
    }
    return { cookieValue: await this.open(account, input, now) };
  }

  /**
   * The second step of a sign-in with the second factor on: the code of the authenticator app
   * (each time step once) or a recovery code (once). A wrong code counts towards the account's
   * lockout as a wrong password does. A right one ends the waiting session and opens a new one.
   */
  async signInSecondFactor(
    input: { pendingValue: string | undefined; code: string } & Seen,
  ): Promise<{ cookieValue: string } | { error: ErrorCode; endPending?: true }> {
    const now = this.deps.now();
    const pending = input.pendingValue ? await this.store.find(input.pendingValue, now) : undefined;
    if (!pending?.pending) return { error: 'notSignedIn', endPending: true };
    const { login } = pending;
    const checked = await checkCode(this.deps, login, input.address, () =>
      this.secondFactor.spend(login, input.code, now),
    );
    if (checked !== 'right') {
      const outcome = checked === 'wrong' ? 'wrongCode' : 'locked';
      await this.history.record({ login, at: now, address: input.address, device: input.device, outcome });
      if (checked === 'locked') await this.store.end(pending.idHash);
      if (checked === 'wrong') return { error: 'wrongSecondFactorCode' };
      return checked === 'locked' ? { error: 'tooManyAttempts', endPending: true } : { error: 'tooManyAttempts' };
    }
    await this.store.end(pending.idHash);
    const account = await findAccount(this.deps.connections.login.db, this.deps.schema, login);
    // The password changed in the game between the two steps: the sign-in starts again.
    if (!account || passwordFingerprint(account.passwordHash) !== pending.fingerprint) {
      return { error: 'notSignedIn', endPending: true };
    }
    return { cookieValue: await this.open(account, input, now) };
  }

  /**
   * The options of a passkey sign-in. With a sign-in of this browser waiting for its second
   * factor, they ask for that account's passkeys; otherwise for any passkey of the site, under a
   * new cookie of its own (cookieValue) that the challenge is bound to.
   */
  async passkeySignInOptions(
    pendingValue: string | undefined,
  ): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; cookieValue?: string }> {
    const now = this.deps.now();
    const pending = pendingValue ? await this.store.find(pendingValue, now) : undefined;
    if (pending?.pending) {
      return { options: await this.passkeys.signInOptions({ login: pending.login, binding: pending.idHash, now }) };
    }
    const cookieValue = randomBytes(32).toString('base64url');
    const options = await this.passkeys.signInOptions({ login: '', binding: sha256Hex(cookieValue), now });
    return { options, cookieValue };
  }

  /**
   * Signs in with a passkey (docs/decisions/028-passkeys.md): as the second step of a password
   * sign-in, or on its own, since a passkey that verified its user is itself two factors. The
   * browser's waiting sign-in and any session it held end; the session id is new.
   */
  async signInPasskey(
    input: {
      pendingValue: string | undefined;
      passkeyValue: string | undefined;
      previous: string | undefined;
      response: AuthenticationResponseJSON;
    } & Seen,
  ): Promise<{ cookieValue: string } | { error: ErrorCode }> {
    const now = this.deps.now();
    const found = input.pendingValue ? await this.store.find(input.pendingValue, now) : undefined;
    const pending = found?.pending ? found : undefined;
    const proof = await this.passkeys.verifySignIn({
      response: input.response,
      bindings: [pending?.idHash ?? '', input.passkeyValue ? sha256Hex(input.passkeyValue) : ''],
      now,
    });
    if (!proof) return { error: 'passkeyRefused' };
    const account = await findAccount(this.deps.connections.login.db, this.deps.schema, proof.login);
    if (!account) return { error: 'passkeyRefused' };
    if (pending) {
      await this.store.end(pending.idHash);
      // The password changed in the game between the two steps: the sign-in starts again.
      if (pending.login === proof.login && passwordFingerprint(account.passwordHash) !== pending.fingerprint) {
        return { error: 'notSignedIn' };
      }
    }
    if (input.previous) await this.store.end((await this.store.find(input.previous, now))?.idHash ?? '');
    return { cookieValue: await this.open(account, input, now) };
  }

  /** Opens a full session of an account whose sign-in is proven, and records it. */
  private async open(account: Account, input: Seen, now: number): Promise<string> {
    const ban = await accountBan(this.dbs(), this.deps.schema, account, now);
    const { cookieValue } = await this.store.create({
      login: account.login,
      address: input.address,
      device: input.device,
      fingerprint: passwordFingerprint(account.passwordHash),
      banned: ban.banned,
      now,
    });
    await this.history.record({
      login: account.login,
      at: now,
      address: input.address,
      device: input.device,
      outcome: ban.banned ? 'banned' : 'success',
    });
    await this.history.prune(now);
    await this.store.prune(now);
    return cookieValue;
  }

  /** The account tools' checks (lockout, counters) the second factor's codes count in. */
  get credentials(): CredentialsDeps {
    return this.deps;
  }

  now(): number {
    return this.deps.now();
  }

  private dbs() {
    return { login: this.deps.connections.login.db, game: this.deps.connections.game.db };
  }

  /** The account's password fingerprint and ban, read again past a few seconds. */
  private async accountState(login: string, now: number, fresh = false): Promise<AccountState> {
    const known = this.states.get(login);
    if (!fresh && known && now - known.readAt < ACCOUNT_STATE_MS && now >= known.readAt) return known;
    const account = await findAccount(this.deps.connections.login.db, this.deps.schema, login);
    const state: AccountState = account
      ? {
          fingerprint: passwordFingerprint(account.passwordHash),
          banned: (await accountBan(this.dbs(), this.deps.schema, account, now)).banned,
          readAt: now,
        }
      : { fingerprint: undefined, banned: false, readAt: now };
    this.states.set(login, state);
    if (this.states.size > 10_000) this.states.delete(this.states.keys().next().value ?? '');
    return state;
  }

  /**
   * The session of a request's cookie, or undefined: none, ended, expired, or its account's
   * password changed in the game (the fingerprint differs: the session is ended).
   */
  async authenticate(cookieHeader: string | undefined): Promise<SignedIn | undefined> {
    const value = this.cookieValueOf(cookieHeader);
    if (!value) return undefined;
    const now = this.deps.now();
    const session = await this.store.find(value, now);
    // A session waiting for its code is no session (its value under this cookie: copied by hand).
    if (!session || session.pending) return undefined;
    let state = await this.accountState(session.login, now);
    // What this instance remembers may be older than a change made on another instance, which
    // gave the changing browser's session the new fingerprint: read again before ending it.
    if (state.fingerprint !== session.fingerprint) state = await this.accountState(session.login, now, true);
    if (state.fingerprint !== session.fingerprint) {
      await this.store.end(session.idHash);
      return undefined;
    }
    // A session made while the account was not banned, on an account this instance remembers as
    // banned: it was unbanned since (here within the remembered seconds, or on another instance).
    if (state.banned && !session.banned) state = await this.accountState(session.login, now, true);
    await this.store.touch(session, now);
    return { session, restricted: session.banned || state.banned };
  }

  /**
   * A password changed by a form of the site (change password, recovery): every session of the
   * account ends but the one of the browser that changed it, which keeps on with the new password.
   */
  async passwordChanged(login: string, cookieHeader: string | undefined): Promise<void> {
    this.states.delete(login.toLowerCase());
    const value = this.cookieValueOf(cookieHeader);
    const now = this.deps.now();
    const current = value ? await this.store.find(value, now) : undefined;
    const keep = current && current.login === login.toLowerCase() ? current : undefined;
    await this.store.endAll(login, keep?.idHash);
    if (keep) {
      const account = await findAccount(this.deps.connections.login.db, this.deps.schema, login);
      await this.store.setFingerprint(keep.idHash, passwordFingerprint(account?.passwordHash ?? null));
    }
  }

  /**
   * Ends every session of the account, those waiting for their second step too (the console's ban
   * and "end sessions"): each is refused on its next request, on every instance. How many ended.
   */
  async endAllOf(login: string): Promise<number> {
    this.states.delete(login.toLowerCase());
    return this.store.endAll(login);
  }

  /** The signed-in account; a banned one reads its login and its ban only. */
  async account(signedIn: SignedIn): Promise<AccountAnswer> {
    const { session } = signedIn;
    const now = this.deps.now();
    const account = await findAccount(this.deps.connections.login.db, this.deps.schema, session.login);
    const game = account ? await accountBan(this.dbs(), this.deps.schema, account, now) : { banned: true, until: null };
    if (!account || signedIn.restricted || game.banned) {
      // The console's ban keeps its reason and end beside the game's level -1, which has no end.
      const kept = await banOf(this.deps, session.login);
      const until = game.banned ? game.until : null;
      return {
        login: session.login,
        email: null,
        createdAt: null,
        lastSignIn: null,
        ban: {
          banned: true,
          until: until ?? (kept ? (kept.until === null ? null : Number(kept.until)) : null),
          reason: kept?.reason ?? null,
        },
        characters: [],
        secondFactor: false,
        provedUntil: null,
      };
    }
    const email = await emailOf(this.deps, account);
    const characters = await this.charactersOf(account.login);
    const others = await this.options.otherRealmCharacters?.(account.login);
    return {
      login: account.login,
      email: email.recorded && email.email !== '' ? maskEmail(email.email) : null,
      createdAt: await accountCreatedAt(this.deps.connections.login.db, this.deps.schema, account.login),
      lastSignIn: await this.history.lastBefore(account.login, session.createdAt),
      ban: { ...game, reason: null },
      characters,
      ...(others && others.length > 0
        ? { realms: [{ slug: this.options.firstRealm ?? 'main', available: true, characters }, ...others] }
        : {}),
      secondFactor: await this.secondFactor.isOn(account.login),
      provedUntil: this.isFreshlyProved(session, now) ? session.provedAt + FRESH_PROOF_MS : null,
    };
  }

  /** The account's characters; none in the game while the game server is down (its flags are stale). */
  private async charactersOf(login: string) {
    const characters = await listAccountCharacterViews(this.deps.connections.game.db, this.deps.schema, login);
    const up = this.options.gameServerUp?.() ?? true;
    return up ? characters : characters.map((character) => ({ ...character, online: false }));
  }

  /** Whether the session proved the password within FRESH_PROOF_MS. */
  isFreshlyProved(session: Session, now = this.deps.now()): boolean {
    return session.provedAt > 0 && now >= session.provedAt && now < session.provedAt + FRESH_PROOF_MS;
  }

  /**
   * The password typed again in a signed-in session: checked as every password is (lockout,
   * address budget, attempts history), then the session may change what protects the account
   * for FRESH_PROOF_MS.
   */
  async confirmIdentity(session: Session, password: string, seen: Seen): Promise<ErrorCode[]> {
    const now = this.deps.now();
    const checked = await checkPassword(this.deps, { username: session.login, password, address: seen.address });
    if ('error' in checked) {
      await this.history.record({
        login: session.login,
        at: now,
        address: seen.address,
        device: seen.device,
        outcome: checked.error === 'tooManyAttempts' ? 'locked' : 'wrongPassword',
      });
      return [checked.error];
    }
    await this.store.markProved(session.idHash, now);
    return [];
  }

  signIns(session: Session) {
    return this.history.list(session.login, this.deps.now());
  }

  async sessions(signedIn: SignedIn): Promise<SessionRow[]> {
    const sessions = await this.store.list(signedIn.session.login, this.deps.now());
    return sessions.map((session) => ({
      id: session.publicId,
      device: session.device,
      address: session.address,
      firstSeen: session.createdAt,
      lastSeen: session.lastSeenAt,
      current: session.idHash === signedIn.session.idHash,
    }));
  }
}
