/**
 * The metrics room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the /metrics registry, the
 * cluster gauges and counters. Other rooms import this file, never one inside the room (biome.json).
 */
export { registerCounterCompaction } from './counters-compaction.job.server';
export type { Metrics } from './metrics-registry.server';
export { createMetrics } from './metrics-registry.server';
