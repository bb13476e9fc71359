import type pg from 'pg';
import { apiError } from '#server/kernel/errors.server';
import { type Guards, type Handlers, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { Logger } from '#server/logger.server';
import type { Mailer } from '#server/mail/mail.server';
import type { BlobStorage } from '#server/storage/storage.server';
import { isRequestId, notFound } from '#server/videos/videos.server';
import { REPORT_MESSAGES } from '#shared/reports';
import { reportsContract } from '#shared/reports.contract';
import { contestTakedown, decideContest, takedownOf, takedownView } from './contest.server';
import { decideReport } from './decide-report.server';
import { mailOwnerOnce } from './owner-mail.server';
import { reportQueue } from './report-queue.server';
import { reportSharedVideo } from './report-video.server';
import { visitorMark } from './visitor-mark.server';

export interface ReportsRoutesOptions {
  pool: pg.Pool;
  storage: BlobStorage;
  guards: Guards;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  mediaUrlTtlSeconds: number;
  /** Better Auth's secret: the reporter's address block is kept as an HMAC under it. */
  secret: string;
  trustedProxies: readonly string[];
}

type ReportHandlers = Handlers<typeof reportsContract>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function reportHandler(options: ReportsRoutesOptions): ReportHandlers['reportSharedVideo'] {
  return async (c, { params, body }) => {
    const visitor = visitorMark(c, { secret: options.secret, trustedProxies: options.trustedProxies });
    const outcome = await reportSharedVideo(options.pool, { slug: params.slug, body, visitor });
    if (outcome.kind === 'not_found') return apiError(c, 404, 'not_found', REPORT_MESSAGES.linkGone);
    if (outcome.kind === 'rate_limited') {
      c.header('Retry-After', String(outcome.retryAfterSeconds));
      const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
      return apiError(c, 429, 'reports_rate_limited', REPORT_MESSAGES.rateLimited(minutes));
    }
    c.get('logger').info({ reportId: outcome.reportId, reason: body.reason }, 'share link reported');
    return c.json({ received: true as const }, 202);
  };
}

function decideHandler(options: ReportsRoutesOptions): ReportHandlers['decideReport'] {
  return async (c, { params, body }) => {
    if (!UUID.test(params.id)) return apiError(c, 404, 'report_not_found', REPORT_MESSAGES.reportNotFound);
    const adminId = sessionOf(c).user.id;
    const outcome = await decideReport(options.pool, options.storage, {
      reportId: params.id,
      adminId,
      decision: body.decision,
      note: body.note || null,
    });
    if (outcome.kind === 'not_found')
      return apiError(c, 404, 'report_not_found', REPORT_MESSAGES.reportNotFound);
    if (outcome.kind === 'already_decided')
      return apiError(c, 409, 'already_decided', REPORT_MESSAGES.alreadyDecided);
    if (outcome.kind === 'video_gone') return apiError(c, 409, 'video_gone', REPORT_MESSAGES.videoGone);
    const ownerMailed = outcome.takedown ? await mailOwnerOnce(options, outcome.takedown.id) : false;
    c.get('logger').info({ adminId, reportId: params.id, decision: body.decision }, 'report decided');
    return c.json({ decision: body.decision, reportsClosed: outcome.reportsClosed, ownerMailed }, 200);
  };
}

/** `/api/share/{slug}/reports`, `/api/admin/reports…`, `/api/admin/takedowns…`, `/api/videos/{id}/takedown…`. */
export function reportsRoutes(options: ReportsRoutesOptions) {
  const { pool, storage, guards, mediaUrlTtlSeconds } = options;
  return routesFromContract(
    reportsContract,
    { base: '/api', guards },
    {
      reportSharedVideo: reportHandler(options),
      getReportQueue: async (c) => c.json(await reportQueue(pool, storage, mediaUrlTtlSeconds), 200),
      decideReport: decideHandler(options),
      decideContest: async (c, { params, body }) => {
        const decided =
          UUID.test(params.id) &&
          (await decideContest(pool, storage, {
            takedownId: params.id,
            adminId: sessionOf(c).user.id,
            decision: body.decision,
            note: body.note || null,
          }));
        if (!decided) return apiError(c, 404, 'contest_not_found', 'Contestação não encontrada.');
        return c.json({ decision: body.decision }, 200);
      },
      getTakedown: async (c, { params }) => {
        if (!isRequestId(params.id)) return notFound(c);
        const found = await takedownOf(pool, sessionOf(c).user.id, params.id);
        if (!found) return notFound(c);
        return c.json(takedownView(found.row), 200);
      },
      contestTakedown: async (c, { params, body }) => {
        if (!isRequestId(params.id)) return notFound(c);
        const outcome = await contestTakedown(pool, {
          userId: sessionOf(c).user.id,
          requestId: params.id,
          text: body.text,
        });
        if (outcome.kind === 'not_found') return notFound(c);
        if (outcome.kind === 'not_taken_down')
          return apiError(c, 409, 'not_taken_down', REPORT_MESSAGES.notTakenDown);
        if (outcome.kind === 'already_contested') {
          return apiError(c, 409, 'already_contested', REPORT_MESSAGES.alreadyContested);
        }
        return c.json({ contestedAt: outcome.contestedAt.toISOString() }, 201);
      },
    },
  );
}
