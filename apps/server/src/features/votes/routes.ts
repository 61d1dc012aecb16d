import type { ErrorCode } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Captcha } from '../../infra/captcha/captcha';
import { limitPerMinute, registerRateLimit } from '../../infra/rate-limit';
import { sdkRoute } from '../../infra/sdk-route';
import type { Settings } from '../../settings';
import { resolveCheck, siteCheckOf } from './site-checks';
import { type CheckedSite, type VoteClaimDeps, claimVotes } from './vote-claims';

export interface VoteRoutesOptions {
  deps: Omit<VoteClaimDeps, 'sites' | 'log'>;
  voteSites: Settings['voteSites'];
  captcha: Captcha;
  requestsPerMinute: number;
  redis?: Redis;
  env?: NodeJS.ProcessEnv;
}

/** The vote sites of the settings that have a `check`, ready to ask; a missing key stops start-up. */
export const checkedSites = (voteSites: Settings['voteSites'], env: NodeJS.ProcessEnv = process.env): CheckedSite[] =>
  voteSites.flatMap((site, index) => {
    if (!site.check) return [];
    const resolved = resolveCheck(site.check, env);
    if (typeof resolved === 'string') throw new Error(`settings: voteSites.${index}.check (${site.name}): ${resolved}`);
    return [
      {
        name: site.name,
        check: siteCheckOf(resolved),
        reward: resolved.reward,
        requestsPerMinute: resolved.requestsPerMinute,
      },
    ];
  });

const refuse = (code: ErrorCode) => [code];

/** claimvotes: the vote reward character's votes, verified with each vote site that can say. */
export const voteRoutes = async (app: FastifyInstance, options: VoteRoutesOptions): Promise<void> => {
  const sites = checkedSites(options.voteSites, options.env);
  const deps: VoteClaimDeps = { ...options.deps, sites, log: app.log };
  await registerRateLimit(app, options.redis);

  sdkRoute(
    app,
    'claimVotes',
    async ({ body }, request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await options.captcha.verify(body.captcha, request.ip)))
        return reply.code(400).send(refuse('captchaInvalid'));
      // The voter's address as Fastify derives it with TRUST_PROXY: never a header read here.
      const claimed = await claimVotes(deps, { charName: body.charName, ip: request.ip });
      if ('error' in claimed) return reply.code(400).send(refuse(claimed.error));
      return reply.send(claimed.results);
    },
    limitPerMinute(options.requestsPerMinute),
  );
};
