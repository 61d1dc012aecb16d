import type { ErrorCode } from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Captcha } from '../../infra/captcha/captcha';
import { limitPerMinute, registerRateLimit } from '../../infra/rate-limit';
import { SERVER_CALLBACK_MARK, sdkRoute } from '../../infra/sdk-route';
import { type VoteSitesSettings, isCallbackKind, isListKind } from './settings-schema';
import { keyOf, resolveCheck, siteCheckOf } from './site-checks';
import { type CallbackSite, readCallback, rewardCallback } from './vote-callbacks';
import { type ListSite, startVoteLists } from './vote-lists';
import type { SharedRefresh } from '../../infra/shared-refresh';
import { type CheckedSite, type VoteClaimDeps, type VoteRealm, claimVotes } from './vote-claims';

/** A realm as the votes take it (decision 049): the realm, and its own vote sites when it declares them. */
export interface RealmVoteSites {
  realm: VoteRealm['realm'];
  /** Its own `voteSites` entry of the settings; undefined: the site-wide list. */
  voteSites?: VoteSitesSettings;
}

export interface VoteRoutesOptions {
  deps: Omit<VoteClaimDeps, 'sites' | 'log' | 'realms'>;
  voteSites: VoteSitesSettings;
  /** The realms in the settings' order; left out, the one realm of `deps.connections.game`. */
  realms?: readonly RealmVoteSites[];
  captcha: Captcha;
  requestsPerMinute: number;
  redis?: Redis;
  env?: NodeJS.ProcessEnv;
}

/**
 * The vote sites of the settings that have a `check`, ready to ask; a missing key stops start-up.
 * A realm's own sites (`realm` its slug, `at` where the settings hold them) are keyed `<slug>/<name>`
 * in the ledger: a vote there is that realm's listing's alone.
 */
export const checkedSites = (
  voteSites: VoteSitesSettings,
  env: NodeJS.ProcessEnv = process.env,
  own?: { realm: string; at: string },
): CheckedSite[] =>
  voteSites.flatMap((site, index) => {
    const check = site.check;
    if (!check || isCallbackKind(check.kind) || isListKind(check.kind)) return [];
    const resolved = resolveCheck({ ...check, kind: check.kind }, env);
    if (typeof resolved === 'string') {
      throw new Error(`settings: ${own?.at ?? 'voteSites'}.${index}.check (${site.name}): ${resolved}`);
    }
    return [
      {
        name: site.name,
        ...(own ? { key: `${own.realm}/${site.name}`.slice(0, 64) } : {}),
        check: siteCheckOf(resolved),
        reward: resolved.reward,
        requestsPerMinute: resolved.requestsPerMinute,
        by: resolved.by,
      },
    ];
  });

/** The vote sites of the settings that call back, with their keys read; a missing key stops start-up. */
export const callbackSites = (voteSites: VoteSitesSettings, env: NodeJS.ProcessEnv = process.env): CallbackSite[] =>
  voteSites.flatMap((site, index) => {
    const check = site.check;
    if (!check || !isCallbackKind(check.kind)) return [];
    const found = keyOf(check, env);
    if (typeof found === 'string') throw new Error(`settings: voteSites.${index}.check (${site.name}): ${found}`);
    return [
      {
        name: site.name,
        slug: check.kind,
        kind: check.kind,
        key: found.key,
        allowFrom: check.allowFrom ?? [],
        reward: check.reward,
        callbacksPerMinute: check.callbacksPerMinute,
      },
    ];
  });

/** The vote sites of the settings that publish a list of votes (MMOTop). */
export const listSites = (voteSites: VoteSitesSettings): ListSite[] =>
  voteSites.flatMap((site) => {
    const check = site.check;
    if (!check || !isListKind(check.kind) || check.apiUrl === undefined) return [];
    return [{ name: site.name, url: check.apiUrl, fetchMs: check.fetchMinutes * 60_000, reward: check.reward }];
  });

/** Downloads the vote lists on their schedule, one instance at a time (no route). */
export const voteListJobs = async (
  app: FastifyInstance,
  options: Pick<VoteRoutesOptions, 'deps' | 'voteSites'> & { shared?: SharedRefresh },
): Promise<void> => {
  const sites = listSites(options.voteSites);
  if (sites.length === 0) return;
  const lists = startVoteLists({ ...options.deps, log: app.log }, sites, options.shared);
  app.addHook('onClose', () => lists.stop());
};

/**
 * Where a vote site calls back (docs/owner/votes.md). Under /sdk but not a call of our pages: it carries
 * SERVER_CALLBACK_MARK instead of the anti-forgery check, and the site's secret or address instead.
 */
export const VOTE_CALLBACK_PATH = '/sdk/votecallback/:site';

/**
 * The vote sites' callbacks (GET or POST, query or form fields). A forged one (wrong key, a caller
 * not allowed) gets 403 and credits nothing; anything else gets 200 "OK", so the site does not
 * retry a vote we have already judged.
 */
export const voteCallbackRoutes = async (app: FastifyInstance, options: VoteRoutesOptions): Promise<void> => {
  const sites = callbackSites(options.voteSites, options.env);
  if (sites.length === 0) return;
  const deps = { ...options.deps, log: app.log };
  await registerRateLimit(app, options.redis);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4_096 },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );
  const handler = async (request: FastifyRequest<{ Params: { site: string } }>, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    const site = sites.find((candidate) => candidate.slug === request.params.site);
    if (!site) return reply.code(404).send('unknown vote site');
    const fields = new URLSearchParams(request.query as Record<string, string>);
    if (request.body instanceof URLSearchParams) for (const [name, value] of request.body) fields.set(name, value);
    const callback = readCallback(site, fields, request.ip);
    if (!callback.accepted) {
      app.log.warn({ site: site.name, ip: request.ip, why: callback.why }, 'vote callback refused');
      return reply.code(403).send('forbidden');
    }
    const outcome = await rewardCallback(deps, site, callback);
    app.log.info({ site: site.name, outcome }, 'vote callback');
    return reply.send('OK');
  };
  const siteOf = (request: FastifyRequest) =>
    sites.find((candidate) => candidate.slug === (request.params as { site?: string }).site);
  app.route({
    method: ['GET', 'POST'],
    url: VOTE_CALLBACK_PATH,
    handler,
    config: {
      // Each site's own limit, per caller: a busy site's callbacks do not meet the account forms'
      // 10 a minute, and a forger's calls from elsewhere do not use up the site's allowance.
      rateLimit: {
        max: (request: FastifyRequest) => siteOf(request)?.callbacksPerMinute ?? options.requestsPerMinute,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `votecallback:${siteOf(request)?.slug ?? '-'}:${request.ip}`,
      },
      [SERVER_CALLBACK_MARK]: true,
    },
  });
};

const refuse = (code: ErrorCode) => [code];

/** Each realm with the checked sites of its own list, when it has one (a missing key stops start-up). */
export const voteRealms = (realms: readonly RealmVoteSites[], env: NodeJS.ProcessEnv = process.env): VoteRealm[] =>
  realms.map(({ realm, voteSites }, index) => ({
    realm,
    ...(voteSites
      ? { sites: checkedSites(voteSites, env, { realm: realm.slug, at: `realms.${index}.voteSites` }) }
      : {}),
  }));

/**
 * claimvotes: the vote reward character's votes, verified with each vote site that can say; the
 * character of the realm the claim names (the first without one), paid in that realm.
 */
export const voteRoutes = async (app: FastifyInstance, options: VoteRoutesOptions): Promise<void> => {
  const sites = checkedSites(options.voteSites, options.env);
  const deps: VoteClaimDeps = {
    ...options.deps,
    sites,
    log: app.log,
    ...(options.realms ? { realms: voteRealms(options.realms, options.env) } : {}),
  };
  await registerRateLimit(app, options.redis);

  sdkRoute(
    app,
    'claimVotes',
    async ({ body }, request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await options.captcha.verify(body.captcha, request.ip)))
        return reply.code(400).send(refuse('captchaInvalid'));
      // The voter's address as Fastify derives it with TRUST_PROXY: never a header read here.
      const claimed = await claimVotes(deps, { charName: body.charName, ip: request.ip, realm: body.realm });
      if ('error' in claimed) return reply.code(400).send(refuse(claimed.error));
      return reply.send(claimed.results);
    },
    limitPerMinute(options.requestsPerMinute),
  );
};
