import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type ErrorHandler, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type pg from 'pg';
import { ZodError } from 'zod';
import { requireAdmin, requireKnownAdult } from '#server/accounts/accounts.server';
import { apiKeyGuards, idempotencyGuard, sendsBearer } from '#server/api-keys/api-keys.server';
import { apiReferenceRoutes } from '#server/api-reference/api-reference.server';
import { createCapacity } from '#server/capacity/capacity.server';
import type { Config } from '#server/config.server';
import { migrationsApplied } from '#server/db/database.server';
import { installableRoutes } from '#server/installable/installable.server';
import { inviteLinkRoutes } from '#server/invites/invites.server';
import { isClientAbort } from '#server/kernel/client-abort.server';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import type { Guards } from '#server/kernel/operations.server';
import { isUnstorableText, rejectNulInUrl } from '#server/kernel/request-validation.server';
import { requireSameOrigin, trustedOrigins } from '#server/kernel/same-origin.server';
import { requireSession } from '#server/kernel/session.server';
import { devMailboxRoutes } from '#server/mail/mail.server';
import { mcpRoutes, mcpSessionStore } from '#server/mcp/mcp.server';
import { createMetrics, type Metrics } from '#server/metrics/metrics.server';
import { devNotaPages } from '#server/notas-fiscais/notas-fiscais.server';
import { createBilling, devCheckoutPages } from '#server/payment-providers/payment-providers.server';
import { mediaWithheld } from '#server/reports/reports.server';
import { sharePageRoutes } from '#server/share/share.server';
import { DiskStorage, mediaRoutes, s3MediaOrigin } from '#server/storage/storage.server';
import { videoModelLabel } from '#server/videos/videos.server';
import { ADMIN_PATH } from '#shared/routes';
import { apiRoutes } from './api-routes.server';
import type { AppDependencies } from './app-dependencies.server';
import { deviceCookie } from './device-cookie.server';
import { redactSecrets, requestLog } from './request-log.server';
import { responseWithHeaders, securityHeadersOf } from './response-headers.server';
import { WebPages } from './web-pages.server';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Longer than any address Cena makes (the longest are history filters and e-mailed links); Node itself refuses
 * request heads over 16 KB (431, answered in JSON by cena.server.ts).
 */
const MAX_URL_LENGTH = 8 * 1024;

export function createApp(deps: AppDependencies): Hono<AppEnv> {
  const { config, pool, jobs, logger, storage, auth, devMailbox } = deps;
  const app = new Hono<AppEnv>();
  const capacity = createCapacity(config.video, jobs.boss);
  const metrics = createMetrics({
    pool,
    logger,
    token: config.metricsToken,
    queueView: () => capacity.queue.adminView(pool),
  });
  // First, so it times every request (METRICS_TOKEN unset: nothing is measured and /metrics answers 404).
  if (metrics) app.use(metrics.middleware);
  addRequestLayers(app, deps);
  addProbes(app, pool, metrics);

  const billing = createBilling(config, pool, logger);
  const guards = guardsOf(deps);
  const mailbox = devMailbox ? devMailboxRoutes(pool, guards) : undefined;
  app.route('/', apiRoutes(deps, { guards, capacity, billing, mailbox: mailbox?.api }));

  // Signed local-disk media (with S3 the browser goes to the bucket's presigned URLs instead).
  if (storage instanceof DiskStorage) {
    app.route(
      '/media',
      mediaRoutes(storage, (key) => mediaWithheld(pool, key)),
    );
  }
  // Public share links (ADR 0031): drawn here, not by the web build.
  app.route('/', sharePageRoutes({ pool, storage, appUrl: config.appUrl }));
  // Invite links (ADR 0040): remembered for the sign-up, then the sign-up tab.
  app.route('/', inviteLinkRoutes(pool, config.isProduction, deviceCookie));
  // The web app manifest, the service worker and its offline page (ADR 0032).
  app.route('/', installableRoutes());
  // The API reference and its guide, and the MCP server, whose tools call the API's operations through this app
  // with the caller's key (ADR 0063).
  app.route('/', apiReferenceRoutes());
  if (guards.apiKey) {
    app.route(
      '/',
      mcpRoutes({
        appUrl: config.appUrl,
        trustedOrigins: trustedOrigins(config),
        requireKey: guards.apiKey('read'),
        fetchApp: (request, env) => app.fetch(request, env),
        observer: metrics?.mcp,
        sessions: mcpSessionStore(pool),
      }),
    );
  }
  app.get('/admin', (c) => c.redirect(ADMIN_PATH, 302));
  if (mailbox) app.route('/dev/mailbox', mailbox.page);
  // The local test checkout's pages exist only without Stripe (and so never in production).
  if (billing.local) app.route('/dev', devCheckoutPages(auth, billing.local, trustedOrigins(config)));
  // The local NFS-e emitter's test notas (never in production: the configuration refuses it there).
  if (billing.nfse?.kind === 'local') app.route('/dev', devNotaPages(pool));
  addWebBuild(app, config, devMailbox);
  app.all('*', (c) => apiError(c, 405, 'method_not_allowed', 'Método não permitido.'));
  return app;
}

/**
 * The cookie's guards, and an API key's where an operation takes one (ADR 0063): the session guard refuses a
 * request with a key, so the admin's, built on it, does too.
 */
function guardsOf({ sessions, pool, config }: AppDependencies): Guards {
  const keys = apiKeyGuards(requireSession(sessions), {
    pool,
    requestsPerMinute: config.apiKeys.requestsPerMinute,
  });
  return {
    session: keys.session,
    admin: requireAdmin(pool, keys.session),
    apiKey: keys.apiKey,
    idempotency: idempotencyGuard(pool),
    adult: requireKnownAdult(pool),
  };
}

/**
 * Node's response class for the server that serves `createApp`: every answer carries the request id and the security
 * headers, written where Node writes the head (ADR 0068).
 */
export async function serverResponseFor(config: Config) {
  return responseWithHeaders({
    document: await securityHeadersOf(securityHeaders(config)),
    json: await securityHeadersOf(jsonSecurityHeaders(config)),
  });
}

/** What every request passes before its route: its id and log line, the address checks (headers: serverResponseFor). */
function addRequestLayers(app: Hono<AppEnv>, { config, logger }: AppDependencies): void {
  app.use(requestLog(logger));
  app.use(async (c, next) => {
    // The path and query start at the first `/` after the scheme's `//`.
    const url = c.req.url;
    if (url.length - url.indexOf('/', url.indexOf('//') + 2) > MAX_URL_LENGTH) {
      return apiError(c, 414, 'uri_too_long', 'Endereço grande demais.');
    }
    return rejectNulInUrl(c, next);
  });
  // Stripe, Google and the NFS-e emitter authenticate their webhooks; no browser sends them, and they carry no cookie.
  const sameOrigin = requireSameOrigin(trustedOrigins(config), [
    '/api/billing/stripe/webhook',
    '/api/gemini/webhook',
    '/api/nfse/webhook',
  ]);
  // A request with an API key is authenticated by the key alone, never the cookie (ADR 0063), and a page on
  // another site cannot send an Authorization header here without a CORS preflight Cena never grants: there is no
  // cross-site forgery to refuse.
  app.use('/api/*', (c, next) => (sendsBearer(c.req.header('authorization')) ? next() : sameOrigin(c, next)));
  app.onError(answerError);
}

function securityHeaders(config: Config) {
  // Presigned S3 URLs are fetched straight from the bucket by <img> and <video>.
  const mediaOrigins = config.storage.s3 ? [s3MediaOrigin(config.storage.s3)] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Style attributes and the toast library's runtime <style> need inline styles; scripts never do.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
      mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: config.isProduction ? 'max-age=63072000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    // A page that sets its own policy keeps it: the API reference's allows its script by nonce (ADR 0063).
    overwrite: false,
  });
}

/**
 * What a JSON answer needs, as OWASP's REST Security Cheat Sheet lists it for API responses ("Security Headers":
 * nosniff, `frame-ancestors 'none'` and X-Frame-Options against drag-and-drop clickjacking, HSTS;
 * https://cheatsheetseries.owasp.org/cheatsheets/REST_Security_Cheat_Sheet.html#security-headers), and
 * Cross-Origin-Resource-Policy so no other site reads it as a no-cors resource. The rest of the document set acts
 * on pages only (ADR 0068).
 */
function jsonSecurityHeaders(config: Config) {
  return secureHeaders({
    contentSecurityPolicy: { frameAncestors: ["'none'"] },
    strictTransportSecurity: config.isProduction ? 'max-age=63072000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    xContentTypeOptions: true,
    crossOriginResourcePolicy: true,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

const answerError: ErrorHandler<AppEnv> = (error, c) => {
  if (isClientAbort(c, error)) {
    c.get('logger').info({ path: redactSecrets(c.req.path) }, 'client closed the connection mid-request');
    return apiError(c, 400, 'request_aborted', 'A requisição foi interrompida antes de terminar.');
  }
  if (error instanceof HTTPException) return apiError(c, error.status, 'http_error', error.message);
  if (error instanceof ZodError) return apiError(c, 400, 'invalid_request', 'Dados inválidos.');
  // Text PostgreSQL cannot store (U+0000) that reached it through a form the checks above do not parse.
  if (isUnstorableText(error)) {
    c.get('logger').warn({ err: error }, 'request text refused by PostgreSQL');
    return apiError(c, 400, 'invalid_characters', 'O texto enviado contém um caractere inválido.');
  }
  c.get('logger').error({ err: error }, 'unhandled error');
  return apiError(c, 500, 'internal_error', 'Erro interno. Tente novamente em instantes.');
};

/** The orchestrator's probes and the Prometheus endpoint. */
function addProbes(app: Hono<AppEnv>, pool: pg.Pool, metrics: Metrics | undefined): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/metrics', async (c) =>
    metrics ? metrics.handler(c) : apiError(c, 404, 'not_found', 'Rota não encontrada.'),
  );
  let migrated = false;
  app.get('/readyz', async (c) => {
    try {
      await pool.query('SELECT 1');
      migrated ||= await migrationsApplied(pool);
    } catch (error) {
      c.get('logger').warn({ err: error }, 'readiness check failed');
      return c.json({ status: 'unavailable', database: false }, 503);
    }
    return migrated
      ? c.json({ status: 'ready', database: true, migrations: true })
      : c.json({ status: 'unavailable', database: true, migrations: false }, 503);
  });
}

/** The web build: hashed assets, the landing's samples, public files, then the pages themselves. */
function addWebBuild(app: Hono<AppEnv>, config: Config, devMailbox: boolean): void {
  const distDir = config.webDistDir;
  app.use(
    '/assets/*',
    serveStatic({
      root: distDir,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', IMMUTABLE),
    }),
  );
  app.use(
    '/samples/*',
    serveStatic({
      root: config.sampleVideosDir ?? path.join(distDir, 'samples'),
      rewriteRequestPath: (requestPath) => requestPath.replace(/^\/samples/, ''),
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=86400'),
    }),
  );
  // Other files of the build's public folder (favicon, robots.txt); HTML goes through WebPages below.
  app.use('/:file{[^/]+\\.(?!html$)[a-z0-9]+}', serveStatic({ root: distDir, precompressed: true }));

  const pages = new WebPages(
    distDir,
    {
      supportEmail: config.supportEmail,
      googleEnabled: config.auth.google !== undefined,
      devMailbox,
      videoModel: videoModelLabel(config.video.provider, config.video.gemini.models.quality),
    },
    config.trial.enabled,
  );
  app.on(['GET', 'HEAD'], '*', (c) => pages.respond(c));
}
