import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Cluster-wide gauges for `/metrics` (video requests by status, credit holds and their credits by status), so a
 * scrape reads a few rows instead of counting everyone's history. Triggers (migration 0006) only ever INSERT a
 * change row — writers never wait on a shared counter row, so they cannot deadlock on it — and a scheduled job folds
 * the changes into the totals. A figure is its total plus its pending changes.
 */
export const clusterCounters = pgTable(
  'cluster_counters',
  {
    name: text('name').notNull(),
    label: text('label').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.label] })],
);

export const clusterCounterChanges = pgTable('cluster_counter_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  label: text('label').notNull(),
  delta: bigint('delta', { mode: 'number' }).notNull(),
});
