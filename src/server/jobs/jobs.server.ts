/**
 * The jobs room's entry file (ADR 0003, ADR 0057): what other rooms use of it — pg-boss started for Cena, its
 * queues and the send helper. Other rooms import this file, never one inside the room (biome.json).
 */
export type { Jobs } from './job-engine.server';
export { JOBS_SCHEMA, startJobs } from './job-engine.server';
export type { Queryable } from './queues.server';
export { QUEUE_NAMES, QUEUES, send } from './queues.server';
