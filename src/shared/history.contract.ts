import { defineContract } from './api-contract';
import { dashboardStatsQuerySchema, dashboardStatsSchema, recentActivitySchema } from './dashboard';

/**
 * `/api/dashboard` (docs/history-contract.md). The history list and its CSV are video requests under `/api/videos`,
 * declared and served by the videos (src/shared/videos.contract.ts: `listVideos`, `exportVideosCsv`).
 */
export const dashboardContract = defineContract({
  getDashboardStats: {
    method: 'get',
    path: '/api/dashboard/stats',
    summary: 'Dashboard statistics for a period',
    tag: 'videos',
    auth: 'session',
    apiKey: 'read',
    query: dashboardStatsQuerySchema,
    responses: { 200: { description: 'The statistics.', schema: dashboardStatsSchema } },
  },
  listRecentVideos: {
    method: 'get',
    path: '/api/dashboard/recent',
    summary: 'The last 5 video requests',
    tag: 'videos',
    auth: 'session',
    apiKey: 'read',
    responses: { 200: { description: '`{ items }`.', schema: recentActivitySchema } },
  },
});
