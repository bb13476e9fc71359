/**
 * The history room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the history and dashboard
 * routes and the history page's query. Other rooms import this file, never one inside the room (biome.json).
 */

export { csvFileName, exportHistoryCsv } from './csv-export.server';
export { dashboardRoutes } from './history.routes.server';
export { toListItems } from './history-list.server';
export { listHistory, sessionTimeZone } from './history-page.server';
