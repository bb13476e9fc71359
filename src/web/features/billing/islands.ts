/**
 * What the static pages' islands may use from billing (ADR 0004): framework-free modules only, so an island's
 * chunk carries no React. Everything else goes through index.ts.
 */
export { getSubscription, type Subscription } from './api/billing-calls';
export { type PlanActionMessages, runPlanAction } from './lib/plan-actions';
