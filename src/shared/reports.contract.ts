import { defineContract } from './api-contract';
import {
  contestBodySchema,
  contestDecidedSchema,
  contestDecisionBodySchema,
  contestReceivedSchema,
  reportBodySchema,
  reportDecidedSchema,
  reportDecisionBodySchema,
  reportQueueSchema,
  reportReceivedSchema,
  takedownViewSchema,
} from './reports';

const VIDEO_NOT_FOUND = {
  status: 404,
  description: 'No such request of this user (or a malformed id)',
} as const;

/** `/api/share/{slug}/reports` (public) and the admin's queue and decisions (ADR 0066, docs/features/trust.md). */
export const reportsContract = defineContract({
  reportSharedVideo: {
    method: 'post',
    path: '/api/share/{slug}/reports',
    summary: 'Report a public share link (no account needed)',
    description:
      'Reasons are stable codes (src/shared/reports.ts). Counted per client address block: ' +
      'REPORTS_PER_VISITOR_PER_HOUR an hour, then 429 with Retry-After.',
    tag: 'trust',
    auth: 'none',
    body: { schema: reportBodySchema },
    responses: {
      202: { description: '`{ received: true }`: queued for the admins.', schema: reportReceivedSchema },
    },
    errors: {
      not_found: { status: 404, description: 'No active link with this slug (pt-BR message)' },
      reports_rate_limited: {
        status: 429,
        description: 'Too many reports from this visitor (pt-BR message)',
      },
    },
  },
  getReportQueue: {
    method: 'get',
    path: '/api/admin/reports',
    summary: 'Open reports with their video and prompt, open contests, and the queue figures',
    tag: 'admin',
    auth: 'admin',
    responses: { 200: { description: 'ReportQueue.', schema: reportQueueSchema } },
  },
  decideReport: {
    method: 'post',
    path: '/api/admin/reports/{id}/decision',
    summary: 'Dismiss a report, or take its video down (every open report of the video is closed with it)',
    tag: 'admin',
    auth: 'admin',
    body: { schema: reportDecisionBodySchema },
    responses: { 200: { description: 'What was decided.', schema: reportDecidedSchema } },
    errors: {
      report_not_found: { status: 404, description: 'No such report (pt-BR message)' },
      already_decided: { status: 409, description: 'The report was decided before (pt-BR message)' },
      video_gone: { status: 409, description: 'The owner deleted the video: nothing to take down' },
    },
  },
  decideContest: {
    method: 'post',
    path: '/api/admin/takedowns/{id}/contest-decision',
    summary: "Restore a contested video's media, or uphold the takedown",
    tag: 'admin',
    auth: 'admin',
    body: { schema: contestDecisionBodySchema },
    responses: { 200: { description: 'What was decided.', schema: contestDecidedSchema } },
    errors: {
      contest_not_found: {
        status: 404,
        description: 'No open contest with this takedown id (pt-BR message)',
      },
    },
  },
  getTakedown: {
    method: 'get',
    path: '/api/videos/{id}/takedown',
    summary: "The takedown of one of the user's videos, if any, and whether it may still be contested",
    tag: 'videos',
    auth: 'session',
    responses: {
      200: { description: '`{ takedown }`, null when the video is up.', schema: takedownViewSchema },
    },
    errors: { not_found: VIDEO_NOT_FOUND },
  },
  contestTakedown: {
    method: 'post',
    path: '/api/videos/{id}/takedown/contest',
    summary: 'The owner contests a takedown of their video, once',
    tag: 'videos',
    auth: 'session',
    body: { schema: contestBodySchema },
    responses: { 201: { description: 'When the contest was recorded.', schema: contestReceivedSchema } },
    errors: {
      not_found: VIDEO_NOT_FOUND,
      not_taken_down: { status: 409, description: 'The video is not taken down (pt-BR message)' },
      already_contested: { status: 409, description: 'The takedown was contested before (pt-BR message)' },
    },
  },
});
