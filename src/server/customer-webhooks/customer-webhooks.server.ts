/**
 * The customer-webhooks room's entry file (ADR 0003, ADR 0057): what other rooms use of it — webhooks to the
 * customer's systems (ADR 0064): the `/api/me/webhooks` routes, the events (`emitVideoEvent` for generation's final
 * hook, `noteCreditsSpent` for a create's hold, `customerEventEmitter` for anything else, stories included), the
 * delivery worker, and the account export's lists. Other rooms import this file, never one inside the room
 * (biome.json).
 */
export { customerEventEmitter, emitVideoEvent, noteCreditsSpent } from './customer-events.server';
export { customerWebhooksRoutes } from './customer-webhooks.routes.server';
export { customerWebhookExportLists } from './customer-webhooks-export.server';
export type { DeliveryDeps } from './webhook-delivery.job.server';
export { registerCustomerWebhookWorker } from './webhook-delivery.job.server';
export { webhookHealthLastDay } from './webhook-health.server';
export { createVideoViewer } from './webhook-payload.server';
export { secretSealingKey } from './webhook-secret.server';
