import type { IncomingMessage, ServerResponse } from 'node:http';
import type { VoteCheckKind } from '../../../src/features/votes/settings-schema';
import { wallClock } from '../../../src/features/votes/site-checks';
import { startHttpServer } from '../http-server';

/**
 * The vote sites' APIs on one local server, each under /<kind>/ and speaking that site's protocol
 * (features/votes/site-checks.ts names the calls): a vote is recorded per site and address by
 * vote(), and each site answers as its own clients expect: L2TopZone and iTopZ with isVoted,
 * voteTime and serverTime in unix seconds, Hopzone with a local time without a zone, L2JBrasil
 * with its `vote` list (status, hours since the vote, a local time) by address or vote id,
 * L2Votes with a status only, L2Network with the unix time of the last vote as plain text.
 * `newTimeEachCall` makes L2TopZone and L2JBrasil answer a vote at every question, each time a few
 * seconds later than the last (a site that does not mark rewarded votes, a replayed answer, a
 * clock that jitters), whatever was voted or confirmed.
 */
export type SiteBehaviour = 'ok' | 'serverError' | 'garbage' | 'slow' | 'newTimeEachCall';

export interface FakeVoteSites {
  origin: string;
  apiUrl(kind: VoteCheckKind): string;
  key: string;
  /** Records a vote from an address (or, on L2JBrasil, a vote id), `ageMs` ago. */
  vote(kind: VoteCheckKind, ip: string, ageMs?: number): void;
  behaviour: Partial<Record<VoteCheckKind, SiteBehaviour>>;
  /** Every question asked, by site: [path, ip]. */
  asked: Record<string, string[]>;
  /** L2TopZone's confirmVote calls, by address. */
  confirmed: string[];
  close(): Promise<void>;
}

/** The zone Hopzone and L2JBrasil write their times in, in these tests. */
export const SITE_ZONE = 'Europe/Athens';

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

const TWELVE_HOURS = 12 * 3_600_000;

export const startFakeVoteSites = async (key = 'site-api-key'): Promise<FakeVoteSites> => {
  const votes = new Map<string, { at: number; rewarded: boolean }>();
  /** Questions answered with a new time so far: each moves the vote 3 seconds on. */
  let drift = 0;
  const state = {
    behaviour: {} as FakeVoteSites['behaviour'],
    asked: {} as Record<string, string[]>,
    confirmed: [] as string[],
  };
  const recent = (kind: string, ip: string) => {
    const found = votes.get(`${kind}|${ip}`);
    return found && Date.now() - found.at < TWELVE_HOURS ? found : undefined;
  };
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = await startHttpServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://x');
      const [, kind = '', ...rest] = url.pathname.split('/');
      const body = await readBody(request);
      const behaviour = state.behaviour[kind as VoteCheckKind] ?? 'ok';
      const ask = (ip: string) => (state.asked[kind] ??= []).push(ip);
      if (behaviour === 'slow') return; // never answers
      if (behaviour === 'serverError') return json(response, 503, { error: 'maintenance' });
      if (behaviour === 'garbage') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html>Cloudflare</html>');
      }
      const seconds = (ms: number) => Math.floor(ms / 1000);
      const newTime = behaviour === 'newTimeEachCall';
      /** A vote a minute ago, a few seconds later than the one the previous question was told of. */
      const driftingVote = () => Date.now() - 60_000 + ++drift * 3_000;
      switch (kind) {
        case 'l2topzone': {
          // /l2topzone/v1/server_KEY/getUserData | confirmVote
          const [version, server_, call] = rest;
          if (version !== 'v1' || server_ !== `server_${key}`) return json(response, 401, { error: 'bad key' });
          const { ip } = JSON.parse(body) as { ip: string };
          ask(ip);
          const vote = recent(kind, ip);
          if (call === 'confirmVote') {
            if (!vote || vote.rewarded) return json(response, 400, { error: 'nothing to confirm' });
            vote.rewarded = true;
            state.confirmed.push(ip);
            return json(response, 200, { success: true });
          }
          if (newTime) {
            const at = driftingVote();
            return json(response, 200, { isVoted: true, voteTime: seconds(at), serverTime: seconds(at) + 60 });
          }
          const open = vote && !vote.rewarded;
          return json(response, 200, {
            isVoted: Boolean(open),
            voteTime: open ? seconds(vote.at) : 0,
            serverTime: seconds(Date.now()),
          });
        }
        case 'hopzone': {
          if (url.searchParams.get('token') !== key) return json(response, 401, { error: 'bad token' });
          const ip = url.searchParams.get('ip_address') ?? '';
          ask(ip);
          const vote = votes.get(`${kind}|${ip}`);
          return json(response, 200, { voted: Boolean(vote), voteTime: vote ? wallClock(vote.at, SITE_ZONE) : null });
        }
        case 'itopz': {
          const [check, apiKey, , ip = ''] = rest;
          if (check !== 'check' || apiKey !== key) return json(response, 401, { error: 'bad key' });
          ask(ip);
          const vote = recent(kind, ip);
          return json(response, 200, {
            isVoted: vote ? 1 : 0,
            voteTime: vote ? seconds(vote.at) : 0,
            serverTime: seconds(Date.now()),
          });
        }
        case 'l2votes': {
          if (url.searchParams.get('apiKey') !== key) return json(response, 403, { error: 'bad key' });
          const ip = url.searchParams.get('ip') ?? '';
          ask(ip);
          return json(response, 200, { status: recent(kind, ip) ? '1' : '0' });
        }
        case 'l2jbrasil': {
          // Asked by address or by the vote link's player_id; answers with `vote`, as its clients read it.
          const playerId = url.searchParams.get('player_id');
          const voter = playerId ?? url.searchParams.get('ip') ?? '';
          ask(voter);
          const voted = votes.get(`${kind}|${voter}`);
          const vote = newTime ? { at: driftingVote() } : voted;
          const hours = vote ? Math.max(0, Date.now() - vote.at) / 3_600_000 : -1;
          return json(response, 200, {
            vote: [
              // Another voter's vote in the list: only the asked one's may count.
              {
                ip: '203.0.113.250',
                player_id: 'ff',
                status: '1',
                hours_since_vote: '0.10',
                date: wallClock(Date.now(), SITE_ZONE),
              },
              {
                ...(playerId === null ? { ip: voter } : { player_id: voter }),
                status: vote ? '1' : '0',
                hours_since_vote: hours.toFixed(2),
                date: vote ? wallClock(vote.at, SITE_ZONE) : '0',
              },
            ],
          });
        }
        case 'l2network': {
          const form = new URLSearchParams(body);
          if (form.get('apiKey') !== key || form.get('type') !== '2') {
            response.writeHead(403);
            return response.end('invalid key');
          }
          const ip = form.get('player') ?? '';
          ask(ip);
          const vote = votes.get(`${kind}|${ip}`);
          response.writeHead(200, { 'content-type': 'text/plain' });
          return response.end(String(vote ? seconds(vote.at) : 0));
        }
        default:
          response.writeHead(404);
          return response.end();
      }
    })();
  });
  return {
    origin: server.origin,
    apiUrl: (kind) => `${server.origin}/${kind}`,
    key,
    vote(kind, ip, ageMs = 60_000) {
      votes.set(`${kind}|${ip}`, { at: Date.now() - ageMs, rewarded: false });
    },
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(value) {
      state.behaviour = value;
    },
    asked: state.asked,
    confirmed: state.confirmed,
    close: server.close,
  };
};
