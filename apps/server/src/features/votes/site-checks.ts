import { TZDate } from '@date-fns/tz';
import { DEFAULT_API_URLS, type VoteCheckKind, type VoteCheckSettings } from './settings-schema';

/** How long one question to a vote site may take before it counts as unavailable. */
export const SITE_TIMEOUT_MS = 5_000;
/** A vote counts for 12 hours on every L2 top site; a second vote from the address waits that long. */
export const VOTE_WINDOW_MS = 12 * 3_600_000;

/** What a site said of one voter: voted (and when, by the site's clock) or not. */
export type SiteAnswer = { voted: false } | { voted: true; votedAt?: number; siteNow?: number };

/** The site could not say (down, too slow, an error status, an answer we cannot read): nothing is credited. */
export class SiteUnavailable extends Error {}

/** Who claims: the request's address, and the vote id of the character named (voteIdOf). */
export interface Voter {
  ip: string;
  voteId: string;
}

export interface SiteCheck {
  /** Asks whether the voter (its address, or its vote id) voted in the last 12 hours and was not rewarded yet. */
  ask(voter: Voter): Promise<SiteAnswer>;
  /** Tells the site the vote was rewarded (L2TopZone); after our ledger has committed. */
  confirm?(ip: string): Promise<void>;
}

interface Answer {
  status: number;
  text: string;
  json: unknown;
}

const call = async (url: URL, init: RequestInit = {}): Promise<Answer> => {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(SITE_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SiteUnavailable(`${url.host}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
};

/** 5xx: the site is in trouble; other non-2xx answers are a refusal (no vote to reward). */
const refusedOrDown = (answer: Answer, host: string): SiteAnswer | undefined => {
  if (answer.status >= 500) throw new SiteUnavailable(`${host}: HTTP ${answer.status}`);
  if (answer.status < 200 || answer.status >= 300) return { voted: false };
  return undefined;
};

const objectOf = (answer: Answer, host: string): Record<string, unknown> => {
  if (typeof answer.json !== 'object' || answer.json === null || Array.isArray(answer.json)) {
    throw new SiteUnavailable(`${host}: the answer is not a JSON object`);
  }
  return answer.json as Record<string, unknown>;
};

/** true/false, 1/0, "1"/"0", "true"/"false"; anything else is an answer we cannot read. */
const flag = (value: unknown, host: string): boolean => {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false' || value === null) return false;
  throw new SiteUnavailable(`${host}: unexpected vote status ${JSON.stringify(value)}`);
};

/** An instant as the wall clock of a time zone shows it: "YYYY-MM-DD HH:MM:SS", the sites' own format. */
export const wallClock = (at: number, zone: string): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
};

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A wall-clock text read in a time zone, in milliseconds (by @date-fns/tz's TZDate: a time that a
 * DST change skips reads as the hour after, one it repeats as its later occurrence); undefined
 * when the text is not one.
 */
const inZone = (text: string, zone: string): number | undefined => {
  const match = WALL_CLOCK.exec(text.trim());
  if (!match) return undefined;
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, se = 0] = match.slice(1).map((part) => Number(part ?? 0));
  return new TZDate(y, mo - 1, d, h, mi, se, zone).getTime();
};

/**
 * A site's time as milliseconds: a unix time in seconds or milliseconds, or "YYYY-MM-DD HH:MM:SS"
 * without a zone, read in the zone configured for the site. Undefined when absent or unreadable.
 */
export const siteTime = (value: unknown, zone: string): number | undefined => {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,13}$/.test(value))) {
    const number = Number(value);
    if (!Number.isFinite(number) || number <= 0) return undefined;
    return number < 1e12 ? number * 1000 : number;
  }
  if (typeof value !== 'string') return undefined;
  return inZone(value, zone);
};

/** Voted, within the 12 hours counted by the site's own clock when it sends one. */
const votedAt = (votedAtMs: number | undefined, siteNow: number | undefined, host: string): SiteAnswer => {
  if (votedAtMs === undefined) throw new SiteUnavailable(`${host}: a vote without a readable time`);
  if (siteNow !== undefined && siteNow - votedAtMs > VOTE_WINDOW_MS) return { voted: false };
  return { voted: true, votedAt: votedAtMs, siteNow };
};

type CheckFactory = (check: ResolvedCheck) => SiteCheck;

/**
 * The answer most sites give: a JSON object whose `voted` field says whether the address voted
 * and, where the site sends them, `time` when and `serverTime` what its clock says now.
 */
const readVote = (
  answer: Answer,
  check: ResolvedCheck,
  fields: { voted: string; time?: string; serverTime?: string },
): SiteAnswer => {
  const host = check.base.host;
  const refused = refusedOrDown(answer, host);
  if (refused) return refused;
  const body = objectOf(answer, host);
  if (!flag(body[fields.voted], host)) return { voted: false };
  if (fields.time === undefined) return { voted: true };
  const siteNow = fields.serverTime === undefined ? undefined : siteTime(body[fields.serverTime], check.timeZone);
  return votedAt(siteTime(body[fields.time], check.timeZone), siteNow, host);
};

/**
 * L2JBrasil's answer: `vote`, one vote or a list of them, each with `ip`, `player_id`, `status`
 * ("1": voted), `hours_since_vote` (by the site's clock; -1 without a vote) and `date` (its local
 * time, no zone); older answers put one vote's fields at the top. Only the asked voter's votes
 * count in a list, and only within 12 hours by the site's own count.
 */
const readL2jBrasil = (answer: Answer, check: ResolvedCheck, asked: { field: string; value: string }): SiteAnswer => {
  const host = check.base.host;
  const refused = refusedOrDown(answer, host);
  if (refused) return refused;
  const body = objectOf(answer, host);
  const entries: unknown[] = body.vote === undefined ? [body] : Array.isArray(body.vote) ? body.vote : [body.vote];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) throw new SiteUnavailable(`${host}: a vote that is not an object`);
    const vote = entry as Record<string, unknown>;
    if (vote[asked.field] !== undefined && String(vote[asked.field]) !== asked.value) continue;
    if (!flag(vote.status, host)) continue;
    const votedAtMs = siteTime(vote.date, check.timeZone);
    if (vote.hours_since_vote === undefined) return votedAt(votedAtMs, undefined, host);
    const hours = Number(vote.hours_since_vote);
    if (!Number.isFinite(hours)) throw new SiteUnavailable(`${host}: unexpected hours_since_vote`);
    if (hours < 0 || hours * 3_600_000 >= VOTE_WINDOW_MS) continue;
    return votedAt(votedAtMs, votedAtMs === undefined ? undefined : votedAtMs + hours * 3_600_000, host);
  }
  return { voted: false };
};

/** A check's settings with its key read (from the file or the environment) and its API base. */
export interface ResolvedCheck extends Omit<VoteCheckSettings, 'kind'> {
  kind: VoteCheckKind;
  key: string;
  base: URL;
}

const path = (base: URL, relative: string) =>
  new URL(relative.replace(/^\//, ''), base.href.endsWith('/') ? base : `${base.href}/`);

const CHECKS: Record<VoteCheckKind, CheckFactory> = {
  // POST {api}/v1/server_{KEY}/getUserData {"ip"}: isVoted, voteTime, serverTime; confirmVote marks it rewarded.
  l2topzone: (check) => {
    const endpoint = (name: string) => path(check.base, `v1/server_${encodeURIComponent(check.key)}/${name}`);
    const post = (name: string, ip: string) =>
      call(endpoint(name), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ip }),
      });
    return {
      ask: async ({ ip }) =>
        readVote(await post('getUserData', ip), check, {
          voted: 'isVoted',
          time: 'voteTime',
          serverTime: 'serverTime',
        }),
      async confirm(ip) {
        const answer = await post('confirmVote', ip);
        if (answer.status < 200 || answer.status >= 300) {
          throw new SiteUnavailable(`${check.base.host}: confirmVote answered HTTP ${answer.status}`);
        }
      },
    };
  },
  // GET {api}/lineage2/vote?token=KEY&ip_address=IP: voted, voteTime (no zone).
  hopzone: (check) => ({
    async ask({ ip }) {
      const url = path(check.base, 'lineage2/vote');
      url.search = new URLSearchParams({ token: check.key, ip_address: ip }).toString();
      return readVote(await call(url), check, { voted: 'voted', time: 'voteTime' });
    },
  }),
  // GET {api}/check/{KEY}/{SERVER_ID}/{IP}: isVoted, voteTime, serverTime.
  itopz: (check) => ({
    async ask({ ip }) {
      const answer = await call(
        path(
          check.base,
          `check/${encodeURIComponent(check.key)}/${encodeURIComponent(check.serverId ?? '')}/${encodeURIComponent(ip)}`,
        ),
      );
      return readVote(answer, check, { voted: 'isVoted', time: 'voteTime', serverTime: 'serverTime' });
    },
  }),
  // GET {api}/api.php?apiKey=KEY&ip=IP: status, with no time: one reward per 12-hour period.
  l2votes: (check) => ({
    async ask({ ip }) {
      const url = path(check.base, 'api.php');
      url.search = new URLSearchParams({ apiKey: check.key, ip }).toString();
      return readVote(await call(url), check, { voted: 'status' });
    },
  }),
  // GET {api}/votesystem/index.php?username=USER&type=json&hours=12 and ip=IP, or player_id=ID
  // (the vote id the vote link carried): see readL2jBrasil.
  l2jbrasil: (check) => ({
    async ask({ ip, voteId }) {
      const asked = check.by === 'voteId' ? { field: 'player_id', value: voteId } : { field: 'ip', value: ip };
      const url = path(check.base, 'votesystem/index.php');
      url.search = new URLSearchParams({
        username: check.serverId ?? '',
        [asked.field]: asked.value,
        type: 'json',
        hours: '12',
      }).toString();
      return readL2jBrasil(await call(url), check, asked);
    },
  }),
  // POST {api}/api.php apiKey, type=2, player=IP: the unix time of the address's last vote (0: never).
  l2network: (check) => ({
    async ask({ ip }) {
      const answer = await call(path(check.base, 'api.php'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ apiKey: check.key, type: '2', player: ip }).toString(),
      });
      const host = check.base.host;
      const refused = refusedOrDown(answer, host);
      if (refused) return refused;
      const text = answer.text.trim();
      if (!/^\d+$/.test(text)) throw new SiteUnavailable(`${host}: expected a unix time, got ${text.slice(0, 40)}`);
      if (Number(text) === 0) return { voted: false };
      return votedAt(siteTime(Number(text), 'UTC'), undefined, host);
    },
  }),
};

/** A site's key, from the settings or from the environment variable they name; a message when that is unset. */
export const keyOf = (check: VoteCheckSettings, env: NodeJS.ProcessEnv): { key?: string } | string => {
  if (check.apiKey !== undefined) return { key: check.apiKey };
  if (check.apiKeyEnv === undefined) return {};
  const key = env[check.apiKeyEnv];
  return key ? { key } : `environment variable ${check.apiKeyEnv} is not set`;
};

/** The check of one site that is asked, with its key and its API base. */
export const resolveCheck = (
  check: VoteCheckSettings & { kind: VoteCheckKind },
  env: NodeJS.ProcessEnv = process.env,
): ResolvedCheck | string => {
  const found = keyOf(check, env);
  if (typeof found === 'string') return found;
  if (found.key === undefined) return 'set apiKey or apiKeyEnv';
  return { ...check, key: found.key, base: new URL(check.apiUrl ?? DEFAULT_API_URLS[check.kind]) };
};

export const siteCheckOf = (check: ResolvedCheck): SiteCheck => CHECKS[check.kind](check);
