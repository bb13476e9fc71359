import { bigint, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Cluster-wide gauges kept by triggers (migration 0006), so a `/metrics` scrape reads a few rows instead of
 * counting every user's history: video requests by status, credit holds by status, credits by hold status.
 * Each (name, label) is split over a few shards chosen at random per change, so concurrent writers rarely wait on
 * one row; a figure is the sum of its shards (a shard may be negative).
 */
export const clusterCounters = pgTable(
  'cluster_counters',
  {
    name: text('name').notNull(),
    label: text('label').notNull(),
    shard: smallint('shard').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.label, t.shard] })],
);
