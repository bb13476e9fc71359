import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import type pg from 'pg';
import { accountRightsRoutes } from '#server/account-rights/account-rights.server';
import { authIpAddress, authRoutes, meRoutes } from '#server/accounts/accounts.server';
import { adminRoutes } from '#server/admin/admin.server';
import { adminApiKeysRoutes, apiKeysRoutes } from '#server/api-keys/api-keys.server';
import { billingRoutes } from '#server/billing/billing.server';
import type { Capacity } from '#server/capacity/capacity.server';
import { captionsRoutes } from '#server/captions/captions.server';
import { castRoutes } from '#server/cast/cast.server';
import { creditsRoutes } from '#server/credits/credits.server';
import {
  customerWebhooksRoutes,
  noteCreditsSpent,
  secretSealingKey,
} from '#server/customer-webhooks/customer-webhooks.server';
import { filmsRoutes } from '#server/films/films.server';
import { geminiWebhooksRoutes } from '#server/gemini/gemini.server';
import { createPromptWriter } from '#server/generation/generation.server';
import { dashboardRoutes } from '#server/history/history.server';
import { invitesRoutes } from '#server/invites/invites.server';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { createMailer } from '#server/mail/mail.server';
import { nfseRoutes } from '#server/notas-fiscais/notas-fiscais.server';
import { settingsRoutes } from '#server/notifications/notifications.server';
import type { Billing } from '#server/payment-providers/payment-providers.server';
import { createContentCredentials, verifyRoutes } from '#server/provenance/provenance.server';
import { pushEndpointPolicy, pushRoutes } from '#server/push/push.server';
import { eventsRoutes } from '#server/realtime/realtime.server';
import { reportsRoutes } from '#server/reports/reports.server';
import { findSharedVideo, shareRoutes } from '#server/share/share.server';
import {
  createStoryPlanner,
  historyStories,
  modelsSpeak,
  storiesRoutes,
} from '#server/stories/stories.server';
import { capabilitiesOf } from '#server/video-requests/video-requests.server';
import { videosRoutes } from '#server/videos/videos.server';
import { payoutsRoutes, withdrawPurchaseRoute } from '#server/withdrawals/withdrawals.server';
import { metaContract } from '#shared/meta.contract';
import type { AppDependencies } from './app-dependencies.server';
import { deviceCookie } from './device-cookie.server';
import { documentedOperations, openApiHandler } from './openapi.server';
import { checkResponses } from './response-check.server';

/** What the composition root builds once and the API's routes share. */
export interface ApiShared {
  guards: Guards;
  capacity: Capacity;
  billing: Billing;
  /** The dev mailbox's API, in local mode. */
  mailbox: Hono<AppEnv> | undefined;
}

/**
 * `/api/*`: every domain's routes, each mounted from its declarations (ADR 0017) on one OpenAPIHono whose
 * registry merges theirs, so `/api/openapi.json` describes what is mounted (ADR 0025).
 */
export function apiRoutes(deps: AppDependencies, shared: ApiShared) {
  const { config, devMailbox } = deps;
  const api = new OpenAPIHono<AppEnv>().basePath('/api');
  // Only the API's big bodies are compressed. Its other answers are a few KB of JSON, which compressing would turn
  // into a CompressionStream piped per request (losing @hono/node-server's direct write of a string body) for
  // more CPU than the bytes it saves; the streamed data export gzips itself (account-rights).
  for (const big of ['/openapi.json', '/videos/export.csv', '/admin/*']) api.use(big, compress());
  if (config.env === 'test') api.use(checkResponses(documentedOperations({ devMailbox })));
  const document = openApiHandler(api, { devMailbox, appUrl: config.appUrl });
  api.route(
    '/openapi.json',
    routesFromContract(
      metaContract,
      { base: '/api/openapi.json', guards: shared.guards },
      { getOpenApiDocument: document },
    ),
  );
  mountAccountRoutes(api, deps, shared);
  mountVideoRoutes(api, deps, shared);
  mountVerifyRoute(api, deps, shared);
  if (shared.mailbox) api.route('/dev/mailbox', shared.mailbox);
  api.all('*', (c) => apiError(c, 404, 'not_found', 'Rota não encontrada.'));
  return api;
}

type Api = ReturnType<OpenAPIHono<AppEnv>['basePath']>;

/** Who the user is and what they may do: sign-in, account, rights, notifications, credits, billing, admin. */
function mountAccountRoutes(api: Api, deps: AppDependencies, { guards, capacity, billing }: ApiShared): void {
  const { config, pool, jobs, storage, auth, authSecret, realtime, modelAvailability, logger } = deps;
  api.route('/auth', authRoutes(auth, config.auth.trustedProxies, guards));
  api.route('/me/settings', settingsRoutes(pool, guards));
  const endpointPolicy = pushEndpointPolicy(config.push.extraOrigins);
  api.route('/me', pushRoutes({ pool, guards, publicKey: deps.pushPublicKey, endpointPolicy }));
  api.route('/me/api-keys', apiKeysRoutes({ pool, guards }));
  api.route('/me', meRoutes({ pool, guards }));
  api.route(
    '/me',
    customerWebhooksRoutes({
      pool,
      boss: jobs.boss,
      guards,
      sealingKey: secretSealingKey(authSecret),
      target: { isProduction: config.isProduction },
    }),
  );
  api.route(
    '/me',
    accountRightsRoutes({ pool, guards, boss: jobs.boss, storage, authSecret, appUrl: config.appUrl }),
  );
  api.route('/admin/payouts', payoutsRoutes({ pool, guards }));
  api.route('/admin/api-keys', adminApiKeysRoutes({ pool, guards }));
  api.route(
    '/admin',
    adminRoutes({
      pool,
      config,
      provider: billing.provider,
      guards,
      modelAvailability,
      queue: capacity.queue,
    }),
  );
  api.route('/credits', creditsRoutes(pool, guards));
  api.route(
    '/invites',
    invitesRoutes({
      pool,
      guards,
      appUrl: config.appUrl,
      secret: authSecret,
      ipAddress: authIpAddress(config),
      device: deviceCookie,
    }),
  );
  api.route('/events', eventsRoutes(pool, realtime, guards));
  api.route(
    '/billing',
    billingRoutes({
      pool,
      provider: billing.provider,
      guards,
      portalLoginUrl: config.billing.portalLoginUrl,
      webhook: billing.webhook,
      withdrawPurchase: withdrawPurchaseRoute(pool, billing.provider, {
        mailer: createMailer(config, pool, logger),
        appUrl: config.appUrl,
      }),
    }),
  );
  api.route('/nfse', nfseRoutes({ pool, guards, emitter: billing.nfse, config: config.billing.nfse }));
}

/** Create's requests per user per minute (videos.routes.server.ts's default), which a story's takes count against. */
const STORY_CREATE_PER_MINUTE = 10;

/** `/api/verify`: the Content Credentials of an uploaded file or a share link's video (ADR 0065). */
function mountVerifyRoute(api: Api, deps: AppDependencies, { guards }: ApiShared): void {
  const { config, logger, pool, storage } = deps;
  api.route(
    '/verify',
    verifyRoutes({
      guards,
      credentials: createContentCredentials(config.provenance, logger),
      appUrl: config.appUrl,
      sharedVideo: async (slug) => {
        const shared = await findSharedVideo(pool, slug);
        return shared ? storage.getStream(shared.videoKey) : undefined;
      },
    }),
  );
}

/** What the user makes: the cast, videos, the provider's webhooks, films, stories, the dashboard. */
function mountVideoRoutes(api: Api, deps: AppDependencies, { guards, capacity }: ApiShared): void {
  const { config, logger, pool, jobs, storage, modelAvailability } = deps;
  const mediaUrlTtlSeconds = config.storage.urlTtlSeconds;
  const capabilities = capabilitiesOf(config.video);
  // Every spend, a video's or a story's, tells the customer's webhooks whether it crossed the low-credits line.
  const onSpent = (client: pg.PoolClient, userId: string, credits: number) =>
    noteCreditsSpent(client, jobs.boss, userId, credits);
  api.route('/cast', castRoutes({ pool, storage, guards, mediaUrlTtlSeconds }));
  api.route(
    '/videos',
    videosRoutes({
      pool,
      queue: capacity.queue,
      storage,
      guards,
      mediaUrlTtlSeconds,
      modes: modelAvailability,
      capabilities,
      writePrompt: createPromptWriter(config, logger),
      onSpent,
      storiesOf: historyStories({ pool, storage, mediaUrlTtlSeconds }),
    }),
  );
  api.route('/videos', shareRoutes({ pool, guards, appUrl: config.appUrl }));
  api.route(
    '/',
    reportsRoutes({
      pool,
      storage,
      guards,
      mailer: createMailer(config, pool, logger),
      logger,
      appUrl: config.appUrl,
      mediaUrlTtlSeconds,
      secret: deps.authSecret,
      trustedProxies: config.auth.trustedProxies,
    }),
  );
  api.route('/videos', captionsRoutes({ pool, boss: jobs.boss, storage, guards, mediaUrlTtlSeconds }));
  api.route('/gemini', geminiWebhooksRoutes({ pool, guards, webhook: config.video.gemini.webhook }));
  api.route(
    '/films',
    filmsRoutes({ pool, boss: jobs.boss, storage, guards, mediaUrlTtlSeconds, capabilities }),
  );
  api.route(
    '/stories',
    storiesRoutes({
      pool,
      boss: jobs.boss,
      storage,
      guards,
      mediaUrlTtlSeconds,
      capabilities,
      speaks: modelsSpeak(config.video),
      planner: createStoryPlanner(config, logger),
      queuePlaces: (rows) => capacity.queue.places(pool, rows),
      createPerMinute: STORY_CREATE_PER_MINUTE,
      isModeAvailable: (quality) => modelAvailability.isAvailable(quality),
      onSpent,
    }),
  );
  api.route(
    '/dashboard',
    dashboardRoutes({
      pool,
      storage,
      queuePlaces: (rows) => capacity.queue.places(pool, rows),
      guards,
      mediaUrlTtlSeconds,
    }),
  );
}
