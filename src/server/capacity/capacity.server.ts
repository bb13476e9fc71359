/**
 * The capacity room's entry file (ADR 0003): what other rooms use of it — the fair queue, the providers' shared
 * budget and the worker slots (ADR 0061). Other rooms import this file, never one inside the room
 * (biome.json).
 */

export type { Capacity } from './capacity-planner.server';
export { createCapacity, LOCAL_PROJECT, projectsOf, startDispatcher } from './capacity-planner.server';
export type { FairQueue } from './fair-queue.server';
export type { ProviderBudget } from './provider-budget.server';
export type { QuotaRefusal } from './quota-lesson.server';
