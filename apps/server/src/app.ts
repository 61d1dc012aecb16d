import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Connections } from './db/connections';
import { AccountEvents } from './features/accounts/account-events';
import { SAFE_TOWNS, ownAccountTools } from './features/accounts/account-service';
import { type AccountCallDeps, keepRecoveryKeyFromSending } from './features/accounts/password-recovery';
import { accountRoutes } from './features/accounts/routes';
import { accountsConsoleSection } from './features/accounts/console-section';
import { characterRoutes } from './features/characters/routes';
import type { Collector as FacebookCollector } from './features/facebook-streams/collector';
import { facebookStreamRoutes } from './features/facebook-streams/routes';
import { tokenCipher } from './features/facebook-streams/token-cipher';
import { paypalFormOrigin } from './features/donations/paypal';
import { checkoutRoutes } from './features/donations/checkout-routes';
import {
  type ProviderKeys,
  createProviderLayer,
  offeredProviders,
  providerWebhookRoutes,
} from './features/donations/providers/provider-routes';
import { legacyIpnRoutes } from './features/donations/routes';
import { paymentsByGrant } from './features/donations/ledger';
import { healthRoutes } from './features/health/routes';
import { createRewardDelivery, deliveryOf } from './features/rewards/reward-delivery';
import { MailWorker } from './features/mail/mail-worker';
import { OutboxRepository } from './features/mail/outbox-repository';
import { mailRoutes } from './features/mail/routes';
import { consoleMailRoutes } from './features/mail/console-section';
import { openVersionDatabases } from './features/mail/version-databases';
import { mediaRoutes } from './features/media/routes';
import { metadataRoutes } from './features/metadata/routes';
import { referralRanking } from './features/referral/referral-ranking';
import { referralRoutes } from './features/referral/routes';
import { AccountSessions } from './features/sessions/account-sessions';
import { relyingPartyOf } from './features/sessions/passkeys';
import { loadTotpKey, logTotpKey, sealStoredSecrets } from './totp-key';
import { accountCalls } from './features/sessions/account-calls';
import { accountRewards } from './features/rewards/account-rewards';
import { accountReferral } from './features/referral/account-referral';
import { requestEmailChange } from './features/accounts/email-change';
import { sessionRoutes } from './features/sessions/routes';
import { AuditLog } from './features/console/audit-log';
import { ConsoleGate, totpStepUp } from './features/console/console-gate';
import { consoleRoutes } from './features/console/routes';
import { donationsConsoleSection, donationsOfAccount } from './features/donations/console-section';
import { newsConsoleSection } from './features/news/console-section';
import { rewardsConsoleSection } from './features/rewards/console-section';
import { votesConsoleSection } from './features/votes/console-section';
import { passkeyStepUp } from './features/console/passkey-step-up';
import { statisticsRoutes } from './features/statistics/routes';
import { worldRoutes } from './features/world/routes';
import { realmClanDirectories } from './features/clans/clan-directory';
import { clanRoutes } from './features/clans/routes';
import { statusRoutes } from './features/status/routes';
import { OnlineHistoryRepository } from './features/online/online-history';
import { serverStatusSource } from './features/status/server-status';
import { onlineRoutes } from './features/online/routes';
import { openApiRoutes } from './features/openapi/routes';
import type { OnlineSampler } from './features/online/sampler';
import { streamRoutes } from './features/streams/routes';
import { visitorIpRoutes } from './features/visitor-ip/routes';
import { createWallet } from './features/wallet/wallet';
import { createShop } from './features/shop/shop';
import { shopRoutes } from './features/shop/routes';
import { shopConsoleSection } from './features/shop/console-section';
import { createSupporterCodes } from './features/donations/supporter-codes';
import { supporterCodesConsoleSection } from './features/donations/supporter-console-section';
import type { GameSchema } from './game/schema-check';
import { closePasswordHashing } from './game/password-hash';
import { createCaptcha } from './infra/captcha/captcha';
import { answerClientError } from './infra/client-errors';
import { csrfCookieName } from './infra/csrf';
import { answerFrameworkError, registerErrorHandler } from './infra/errors';
import { registerJsonNotFound } from './infra/not-found';
import { durableClaims } from './infra/durable-claims';
import { sharedRefresh } from './infra/shared-refresh';
import { voteCallbackRoutes, voteListJobs, voteRoutes } from './features/votes/routes';
import { newsRoutes } from './features/news/routes';
import { newsService } from './features/news/news-service';
import { topVoters } from './features/votes/top-voters';
import { AccessLog, lazyChildLogger, nextRequestId, requestLogSerializer } from './infra/request-log';
import { clientAddressOf, trustProxyFunction } from './infra/client-address';
import { FrontDoor } from './infra/front-door';
import { parseQuery } from './infra/query-string';
import { memoryStore, openRedis, redisStore } from './infra/key-value-store';
import { createMailer } from './infra/mailer';
import { loadTexts } from './infra/texts';
import { computeSecurityHeaders, sendStrictTransportSecurity } from './infra/security-headers';
import { registerWebApp } from './infra/web-app';
import { pageAnswers } from './infra/page-answers';
import { ownerNotices } from './owner-notices';
import { WEB_DIST_DIR, WEB_SSR_DIR } from './paths';
import { presentMetadata } from './features/metadata/metadata';
import { declareRealms } from './features/realms/realm-declarations';
import { gameRealmsOf, openRealmRegistry } from './features/realms/registry';
import { countOnlineByKind } from './game/online';
import { listAccountCharacterViews } from './game/account-overview';
import { ServiceUnavailableError, isServiceUnavailable } from './infra/unavailable';
import type { Settings } from './settings';
import type { RealmStatus } from '@gatekeeper/contract';

export interface AppDependencies {
  config: Config;
  settings: Settings;
  connections: Connections;
  schema: GameSchema;
  /** false in tests that only talk to the API. */
  serveWebApp?: boolean;
  /** The clock of lockouts and recovery keys; tests move it. */
  now?: () => number;
  /** Tests run the Facebook collector's rounds themselves (it is then not started on an interval). */
  takeFacebookCollector?: (collector: FacebookCollector) => void;
  /** Sees every route as it is registered (test/sdk-routes.test.ts walks them). */
  onRoute?: (route: RouteOptions) => void;
  /** Tests wake the mail worker after moving the clock, instead of waiting for its next poll. */
  takeMailWorker?: (worker: MailWorker) => void;
  /** Tests take the online sampler and tick it with their clock (it is then not started on a timer). */
  takeOnlineSampler?: (sampler: OnlineSampler) => void;
  /** Receives the lifting of ended timed bans (the console's), which then runs only when called. */
  takeBanLifter?: (lift: () => Promise<void>) => void;
  /** Where log lines go instead of stdout (tests read them; in a terminal, pino-pretty). */
  logStream?: { write(line: string): void };
  /** The things not configured yet are not logged: the caller lists them (main.ts, in a terminal). */
  noticesInSummary?: boolean;
}

/** Builds the site: infrastructure first, then one plugin per feature. main.ts only starts it. */
export const buildApp = async (deps: AppDependencies): Promise<FastifyInstance> => {
  const { config, settings, connections } = deps;
  const trustProxy = trustProxyFunction(config.trustProxy);
  const accessLog = new AccessLog(config.ACCESS_LOG, config.ACCESS_LOG_SLOW_MS);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]'],
      serializers: { req: requestLogSerializer },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy,
    // A 1 MB value is refused (413) before it is read whole; the schemas bound every field anyway.
    bodyLimit: 64 * 1024,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    return503OnClosing: true,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_SECONDS * 1000,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    // Given to Node's server as it is made: Fastify sets requestTimeout only afterwards, which
    // leaves Node's headersTimeout at 60 s, and Node then takes the larger of the two as the
    // request's limit. The check runs every second, not every 30 s, so a slow body is cut off
    // within a second of its limit (docs/owner/security.md).
    http: {
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      // With no request limit (0), headers still have Node's own 60 s.
      headersTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS === 0 ? 60_000 : config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      connectionsCheckingInterval: 1000,
    },
    // One access-log line per answer (infra/request-log.ts) instead of Fastify's two.
    logController: accessLog,
    childLoggerFactory: lazyChildLogger,
    genReqId: nextRequestId,
    routerOptions: { querystringParser: parseQuery },
  });
  // Every public GET is answered from memory before routing (decision 023); the routes fill it.
  const frontDoor = new FrontDoor(accessLog.frontDoorLog(app.log, clientAddressOf(trustProxy)));
  app.decorate('frontDoor', frontDoor);
  frontDoor.open(app);
  app.decorateRequest('publicRead', false);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const https = config.PUBLIC_URL.startsWith('https:');
  if (https) sendStrictTransportSecurity(app.server);
  // The anti-forgery cookie's name, which every /sdk write and console call compares against (infra/csrf.ts).
  app.decorate('csrfCookie', csrfCookieName(https));
  const securityHeaders = computeSecurityHeaders({
    captchaProvider: config.CAPTCHA_PROVIDER,
    connectOrigins: settings.ipv6LookupUrl ? [new URL(settings.ipv6LookupUrl).origin] : [],
    formActionOrigins: [paypalFormOrigin(settings.donations)],
    https,
  });
  // No compression plugin: it would add a hook to every route. The rankings are compressed once
  // per refresh (infra/encoded-answer.ts), the page's files at build; other answers are small.

  const now = deps.now ?? Date.now;
  // What the page is told of the site (getmetadata), and what its pre-rendered pages are made from.
  const providerKeys: ProviderKeys = {
    stripe: { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET },
    mercadopago: { accessToken: config.MERCADOPAGO_ACCESS_TOKEN, webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET },
  };
  const metadata = presentMetadata(settings, config.PUBLIC_URL, deps.schema, {
    paypalConfigured: Boolean(config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET),
    smtpConfigured: Boolean(config.SMTP_URL),
    paymentProviders: offeredProviders(settings.donations, providerKeys),
  });
  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL, app.log) : undefined;
  const store = redis ? redisStore(redis) : memoryStore(now);
  // Used captchas and lockouts must outlive a Redis restart: the site database keeps them.
  const claims = durableClaims(connections.site.db, now);
  // Background reads of the game database and of quota-bound APIs: one instance per period.
  const shared = sharedRefresh({
    db: connections.site.db,
    claims,
    now,
    onError: (error, name) => app.log.warn({ err: error, name }, 'shared refresh: the site database did not answer'),
  });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.MAIL_OUTBOX_DIR });
  app.addHook('onClose', async () => {
    mailer.close();
    await store.close();
    await closePasswordHashing();
  });
  // The game servers (decision 049): one game connection, flavour and health probe per realm; the
  // first is the game database start-up opened.
  const realms = await openRealmRegistry({
    declarations: declareRealms(settings, config),
    connections,
    firstSchema: deps.schema,
    limits: { queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS, acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS },
    log: app.log,
    // A realm that went down or came back: the lights say so now, not at their next round.
    onHealthChange: () => void serverStatus.refresh(),
  });
  app.addHook('onReady', async () => realms.start());
  app.addHook('onClose', async () => realms.close());
  // The realms as the features whose public reads are per realm take them.
  const gameRealms = gameRealmsOf(realms);
  const rewards = createRewardDelivery({
    connections,
    schema: deps.schema,
    settings: settings.rewards,
    now,
    log: app.log,
    // A vote with another realm's character is paid in that realm's game database (decision 049).
    firstRealm: realms.first.declaration.slug,
    otherRealms: new Map(
      realms.realms
        .slice(1)
        .map((realm) => [realm.declaration.slug, { game: realm.game.db, schema: () => realm.schema() }]),
    ),
  });
  rewards.start();
  app.addHook('onClose', async () => rewards.stop());
  // The wallet's ledger, and the shop that spends it; items reach the game as rewards do (decisions 050, 051).
  const wallet = createWallet({ db: connections.site.db, dialect: connections.site.dialect, now });
  // Partners' supporter codes: a share of the donations made with them, to their wallet (decision 052).
  const supporters = createSupporterCodes({
    site: connections.site.db,
    login: connections.login.db,
    schema: deps.schema,
    wallet,
    now,
    log: app.log,
  });
  const shop = createShop({
    connections,
    schema: deps.schema,
    wallet,
    delivery: deliveryOf(settings.rewards, deps.schema),
    // Each order goes into its character's realm, the way that realm's own tables take items (decision 051).
    realms: gameRealms,
    deliveryOf: (schema) => deliveryOf(settings.rewards, schema),
    mailSubject: settings.rewards.mailSubject,
    mailMessage: settings.rewards.mailMessage,
    now,
    log: app.log,
  });
  shop.start();
  app.addHook('onClose', async () => shop.stop());
  const captcha = createCaptcha(config, settings.captcha, claims, app.log);
  const accountEvents = new AccountEvents();
  const texts = await loadTexts();
  const accounts = settings.accounts;
  // One outbox and one worker per instance: mass mail and the account tools' single mails.
  const outbox = new OutboxRepository(connections.site.db, connections.site.dialect);
  const resetKeys = { connections, resetMinutes: accounts.passwordResetMinutes };
  const mailWorker = new MailWorker({
    outbox,
    mailer,
    texts,
    publicUrl: config.PUBLIC_URL,
    signingKey: config.MAIL_SIGNING_KEY,
    settings: settings.mail,
    now,
    log: app.log,
    afterSent: { recovery: (resetId, sentAt) => keepRecoveryKeyFromSending(resetKeys, resetId, sentAt) },
  });
  app.addHook('onReady', async () => mailWorker.start());
  app.addHook('onClose', async () => mailWorker.stop());
  deps.takeMailWorker?.(mailWorker);
  if (settings.mail.maxAttempts !== undefined) {
    app.log.warn('settings: mail.maxAttempts is no longer used: mails are retried for mail.retryForHours');
  }
  const credentialsDeps = {
    connections,
    schema: deps.schema,
    store,
    claims,
    lockout: {
      maxFailedAttempts: accounts.maxFailedAttempts,
      lockoutMinutes: accounts.lockoutMinutes,
      failedChecksPerAddressPerHour: accounts.failedChecksPerAddressPerHour,
    },
    now,
  };

  // The status lights' probes: getserverstatus answers them, the Online feature records them.
  // The players online beside them come from the Online page's own samples.
  const onlineHistory = new OnlineHistoryRepository(connections.site.db);
  const serverStatus = serverStatusSource({
    login: config.LOGIN_SERVER_ADDRESS,
    realms: realms.realms.map((realm) => ({
      slug: realm.declaration.slug,
      address: realm.declaration.statusAddress,
      available: () => realm.health.isUp(),
      playersOnline: realm.declaration.first
        ? () => onlineHistory.latestPlayers(now())
        : () => realms.read(realm, (game) => countOnlineByKind(game.db)).then((counts) => counts.players),
    })),
  });
  // A character is in the game only while the game server's light is green: a server that stopped
  // without logging its players out leaves their online flags set (docs/product.md#shell).
  const gameServerUp = () => serverStatus.latest().open.game;
  /** Whether a realm's game server light is green (decision 049). */
  const realmLightGreen = (slug: string) => {
    const light = serverStatus.latest().realms.get(slug);
    return light ? (JSON.parse(light) as RealmStatus).gameStatus.type === 'online' : false;
  };
  /** A realm's game database and flavour for the account tools that name a character (decision 049). */
  const realmGame = (slug: string | undefined) => {
    const realm = slug === undefined ? realms.first : realms.bySlug(slug);
    if (!realm) return undefined;
    const schema = realm.schema();
    if (!realm.health.isUp() || !schema) {
      throw new ServiceUnavailableError(`realm ${realm.declaration.slug}: its game database does not answer`);
    }
    return { connections: { ...connections, game: realm.game }, schema };
  };

  // A player's own account: its sessions live in the site database, seen by every instance.
  // The second factor's secrets are encrypted as the Facebook tokens are, under a key of their own:
  // TOTP_SECRET_KEY, or the one kept in TOTP_SECRET_KEY_FILE.
  const totpKey = await loadTotpKey(config);
  logTotpKey(app.log, totpKey);
  const accountSessions = new AccountSessions(credentialsDeps, {
    idleMinutes: settings.sessions.idleMinutes,
    absoluteDays: settings.sessions.absoluteDays,
    secure: https,
    issuer: new URL(config.PUBLIC_URL).hostname,
    secretCipher: tokenCipher(totpKey.key),
    relyingParty: relyingPartyOf(config.PUBLIC_URL),
    gameServerUp,
    firstRealm: realms.first.declaration.slug,
    ...(realms.realms.length > 1
      ? {
          otherRealmCharacters: (login: string) =>
            Promise.all(
              gameRealms.slice(1).map(async (realm) => {
                const up = realmLightGreen(realm.slug);
                try {
                  const characters = await realm.read((game, schema) => listAccountCharacterViews(game, schema, login));
                  return {
                    slug: realm.slug,
                    available: true,
                    characters: up ? characters : characters.map((character) => ({ ...character, online: false })),
                  };
                } catch (error) {
                  if (!isServiceUnavailable(error)) throw error;
                  return { slug: realm.slug, available: false, characters: [] };
                }
              }),
            ),
        }
      : {}),
    onError: (error) => app.log.error({ err: error }, 'sign-in history: the site database did not answer'),
  });
  await sealStoredSecrets(accountSessions.secondFactor, app.log);
  // The owner's console: every console call passes this gate (docs/owner/console.md).
  const consolePasskey = passkeyStepUp(accountSessions.passkeys);
  const consoleGate = new ConsoleGate({
    sessions: accountSessions,
    db: connections.site.db,
    settings: settings.console,
    audit: new AuditLog(connections.site.db, now),
    factors: [totpStepUp(accountSessions.secondFactor), consolePasskey],
    now,
  });
  const recoveryDeps: AccountCallDeps = {
    ...credentialsDeps,
    sessions: accountSessions,
    events: accountEvents,
    unstuckTo: typeof accounts.unstuckTown === 'string' ? SAFE_TOWNS[accounts.unstuckTown] : accounts.unstuckTown,
    onListenerError: (error) => app.log.error({ err: error }, 'account listener failed'),
    outbox,
    wakeMailWorker: () => mailWorker.wake(),
    texts,
    publicUrl: config.PUBLIC_URL,
    resetMinutes: accounts.passwordResetMinutes,
    log: app.log,
  };

  // An account's rewards as My account and the console's look-up list them, with what each payment was.
  const rewardListDeps = {
    site: connections.site.db,
    realms: gameRealms,
    settings: settings.rewards,
    paymentsOf: (charIds: number[]) => paymentsByGrant(connections.site.db, charIds),
  };

  // The answers read from memory that pre-rendered pages carry (decision 040): the rankings, the World pages.
  const answers = pageAnswers();

  // The vote routes, callbacks and list downloads share one set of dependencies.
  const voteDeps = { connections, schema: deps.schema, rewards, store, now };

  // The clan pages' data (decision 039): getclan, the crests and the pre-rendered clan pages read it.
  const clanDirectories = realmClanDirectories(gameRealms, {
    crestFolder: settings.clans.crestFolder,
    refreshMs: settings.world.refreshSeconds * 1000,
    log: app.log,
    shared,
    gameServerUp: realmLightGreen,
  });
  // The pre-rendered clan pages are the first realm's (its clans keep their addresses).
  const clans = clanDirectories.of(realms.first.declaration.slug)!;
  // The mass mail's player databases per version: the mail page and the console's Mail section share them.
  const mailVersions = openVersionDatabases(settings.mail.versions, {
    connections,
    schema: deps.schema,
    loginUrl: config.LOGIN_DATABASE_URL,
    gameUrl: config.GAME_DATABASE_URL,
  });
  await app.register(async (sdk) => {
    await sdk.register(metadataRoutes, { metadata });
    await sdk.register(statusRoutes, {
      status: serverStatus,
      realmAvailable: (slug) => realms.bySlug(slug)?.health.isUp(),
    });
    await sdk.register(onlineRoutes, {
      connections,
      settings: settings.online,
      probes: () => serverStatus.latest().open,
      shared,
      now,
      takeSampler: deps.takeOnlineSampler,
      realms: gameRealms,
    });
    await sdk.register(openApiRoutes, { publicUrl: config.PUBLIC_URL });
    await sdk.register(visitorIpRoutes, { clientAddress: clientAddressOf(trustProxy) });
    await sdk.register(characterRoutes, { connections, schema: deps.schema, realms: gameRealms });
    await sdk.register(shopRoutes, { shop });
    await sdk.register(statisticsRoutes, {
      connections,
      schema: deps.schema,
      settings: settings.statistics,
      referrals: referralRanking(connections.site.db),
      votersOf: (realm) => topVoters(connections.site.db, realm.game, now, realm.first ? null : realm.slug),
      shared,
      pageAnswers: answers,
      realms: gameRealms,
    });
    await sdk.register(worldRoutes, {
      connections,
      schema: deps.schema,
      settings: settings.world,
      siegeLengthMinutes: settings.online.siegeLengthMinutes,
      shared,
      now,
      pageAnswers: answers,
      realms: gameRealms,
    });
    await sdk.register(clanRoutes, { directories: clanDirectories });
    await sdk.register(streamRoutes, {
      connections,
      liveStreams: settings.liveStreams,
      minViewers: settings.liveStreamMinViewers,
    });
    await sdk.register(facebookStreamRoutes, {
      connections,
      schema: deps.schema,
      settings: settings.facebook,
      appSecret: config.FACEBOOK_APP_SECRET,
      tokenKey: config.FACEBOOK_TOKEN_KEY,
      publicUrl: config.PUBLIC_URL,
      now,
      redis,
      shared,
      takeCollector: deps.takeFacebookCollector,
      realms: gameRealms,
    });
    await sdk.register(mediaRoutes, { youtube: settings.youtube, apiKey: config.YOUTUBE_API_KEY, shared });
    await sdk.register(accountRoutes, {
      deps: recoveryDeps,
      captcha,
      requestsPerMinute: accounts.requestsPerMinute,
      redis,
      cookies: { signingKey: config.COOKIE_SIGNING_KEY, secure: https },
      realmGame,
    });
    await sdk.register(sessionRoutes, {
      sessions: accountSessions,
      tools: ownAccountTools(recoveryDeps, realmGame),
      captcha,
      requestsPerMinute: accounts.requestsPerMinute,
      redis,
      more: accountCalls({
        rewards: (login) => accountRewards(rewardListDeps, login),
        referral: (login) =>
          accountReferral(
            {
              connections,
              schema: deps.schema,
              publicUrl: config.PUBLIC_URL,
              now,
              settings: settings.referral,
              realms: gameRealms,
            },
            login,
          ),
        changeEmail: (login, input) => requestEmailChange(recoveryDeps, { login, ...input }),
        wallet: (login, page) => wallet.history(login, page),
        orders: async (login) => ({ orders: await shop.orders(login) }),
        buy: (login, input) => shop.buy({ login, ...input }),
        redeem: (login, input) =>
          shop.redeem({ login, code: input.code, charName: input.charName, realm: input.realm }),
      }),
    });
    await sdk.register(mailRoutes, {
      deps: {
        credentials: recoveryDeps,
        site: connections.site.db,
        versions: mailVersions,
        minAccessLevel: settings.mail.minAccessLevel,
        signingKey: config.MAIL_SIGNING_KEY,
        now,
      },
      captcha,
      outbox,
      worker: mailWorker,
      requestsPerMinute: accounts.requestsPerMinute,
    });
    await sdk.register(referralRoutes, {
      deps: { connections, schema: deps.schema, publicUrl: config.PUBLIC_URL, now, realms: gameRealms },
      captcha,
      accountEvents,
      rewards,
      settings: settings.referral,
      coinsPerRef: settings.coins.perRef,
      requestsPerMinute: accounts.requestsPerMinute,
      secureCookies: https,
      redis,
      shared,
    });
    await sdk.register(voteRoutes, {
      deps: voteDeps,
      voteSites: settings.voteSites,
      realms: gameRealms.map((realm, index) => ({ realm, voteSites: settings.realms[index]?.voteSites })),
      captcha,
      requestsPerMinute: settings.votes.requestsPerMinute,
      redis,
    });
  });
  // In a terminal, main.ts lists these in the summary the start ends with instead.
  if (!deps.noticesInSummary) {
    for (const { warning } of ownerNotices(config, settings, deps.schema)) if (warning) app.log.warn(warning);
  }
  await app.register(voteCallbackRoutes, {
    deps: voteDeps,
    voteSites: settings.voteSites,
    captcha,
    requestsPerMinute: settings.votes.requestsPerMinute,
    redis,
  });
  await app.register(voteListJobs, {
    deps: voteDeps,
    voteSites: settings.voteSites,
    shared,
  });
  // The news (docs/product.md#news): read in the background, so a site database that is down
  // leaves them empty and the site serves on.
  const news = newsService({
    db: connections.site.db,
    now,
    onError: (error) => app.log.warn({ err: error }, 'news: the site database could not be read'),
  });
  await app.register(newsRoutes, {
    news,
    publicUrl: config.PUBLIC_URL,
    discordWebhookUrl: config.DISCORD_NEWS_WEBHOOK_URL,
  });
  // The console (docs/owner/console.md): its own calls, then each feature's section, every call through the one gate.
  const door = consoleGate;
  await app.register(async (console) => {
    await console.register(consoleRoutes, {
      gate: consoleGate,
      sessions: accountSessions,
      passkey: consolePasskey,
      dashboard: {
        connections,
        schema: deps.schema,
        redis,
        smtpConfigured: Boolean(config.SMTP_URL),
        paypalConfigured: Boolean(config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET),
        voteSites: settings.voteSites.map((site) => ({ name: site.name, rewarded: site.check !== undefined })),
        realms: () =>
          realms.realms.map((realm) => {
            const light = serverStatus.latest().realms.get(realm.declaration.slug);
            const status = light ? (JSON.parse(light) as RealmStatus) : undefined;
            return {
              slug: realm.declaration.slug,
              name: realm.declaration.name || realm.declaration.slug,
              database: realm.health.isUp(),
              gameServer: status?.gameStatus.type === 'online',
              online: status?.playersOnline ?? null,
            };
          }),
        onlinePeaks: (since) => onlineHistory.dailyPeaks(since),
        now,
      },
      requestsPerMinute: accounts.requestsPerMinute,
      redis,
    });
    await console.register(accountsConsoleSection, {
      door,
      deps: recoveryDeps,
      sessions: accountSessions,
      others: {
        rewards: async (login) =>
          (await accountRewards(rewardListDeps, login)).map(
            ({ source, character, itemId, count, state, createdAt }) => ({
              source,
              character,
              itemId,
              count,
              state,
              createdAt,
            }),
          ),
        donations: (login) => donationsOfAccount({ connections, schema: deps.schema }, login),
        signIns: (login, at) => accountSessions.history.list(login, at),
        secondFactorOn: (login) => accountSessions.secondFactor.isOn(login),
      },
      liftEveryMs: 60_000,
      ...(deps.takeBanLifter ? { takeBanLifter: deps.takeBanLifter } : {}),
    });
    await console.register(donationsConsoleSection, { door, connections, schema: deps.schema, delivery: rewards, now });
    await console.register(votesConsoleSection, { door, db: connections.site.db, now });
    await console.register(rewardsConsoleSection, { door, db: connections.site.db, delivery: rewards, now });
    await console.register(newsConsoleSection, { door, news, now });
    await console.register(shopConsoleSection, {
      door,
      db: connections.site.db,
      shop,
      realms: gameRealms.map((realm) => realm.slug),
      now,
    });
    await console.register(supporterCodesConsoleSection, { door, supporters, now });
    await console.register(consoleMailRoutes, {
      door,
      deps: { site: connections.site.db, outbox, versions: mailVersions, now },
      signing: { publicUrl: config.PUBLIC_URL, signingKey: config.MAIL_SIGNING_KEY, texts },
      wake: () => mailWorker.wake(),
      limits: settings.console.massMail,
    });
  });
  await app.register(healthRoutes, { connections, redis });
  await app.register(legacyIpnRoutes, {
    connections,
    schema: deps.schema,
    settings: settings.donations,
    coinsPerEuro: settings.coins.perEuro,
    rewards,
    now,
    redis,
  });
  // Stripe and Mercado Pago, through the provider layer (docs/decisions/052-payment-provider-layer.md).
  const paymentLayer = createProviderLayer(app, {
    connections,
    schema: deps.schema,
    settings: settings.donations,
    coinsPerEuro: settings.coins.perEuro,
    rewards,
    wallet,
    supporter: supporters,
    publicUrl: config.PUBLIC_URL,
    keys: providerKeys,
    now,
    redis,
  });
  await app.register(providerWebhookRoutes, {
    layer: paymentLayer,
    notificationsPerMinute: settings.donations.paypal.notificationsPerMinute,
    redis,
  });
  await app.register(checkoutRoutes, {
    layer: paymentLayer,
    connections,
    schema: deps.schema,
    settings: settings.donations,
    coinsPerEuro: settings.coins.perEuro,
    rewards,
    wallet,
    publicUrl: config.PUBLIC_URL,
    credentials: {
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      webhookId: config.PAYPAL_WEBHOOK_ID,
    },
    requestsPerMinute: settings.donations.checkoutsPerMinute,
    // A donation to the wallet is the signed-in donor's (donations.target wallet).
    signedInLogin: async (request) => {
      const signedIn = await accountSessions.authenticate(request.headers.cookie);
      return signedIn && { login: signedIn.session.login, restricted: signedIn.restricted };
    },
    now,
    redis,
  });

  if (deps.serveWebApp !== false) {
    await registerWebApp(app, {
      distDir: config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR) : WEB_DIST_DIR,
      prerender: {
        ssrDir: config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR, '../dist-ssr') : WEB_SSR_DIR,
        metadata,
        publicUrl: config.PUBLIC_URL,
        news,
        answers,
        clans,
      },
      languageStorage: settings.languageStorage,
      securityHeaders,
      secureCookies: https,
      otherRealms: realms.realms.slice(1).map((realm) => realm.declaration.slug),
    });
  } else {
    registerJsonNotFound(app);
  }
  return app;
};
