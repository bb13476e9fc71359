/**
 * The api-keys room's entry file (ADR 0003, ADR 0057, ADR 0063): API keys — their routes under /api/me/api-keys,
 * the Bearer guards the composition root gives operations a key may call, the Idempotency-Key check of creates,
 * and what the admin and the data export read of keys. Other rooms import this file, never one inside the room
 * (biome.json).
 */

export { apiKeyGuards, apiKeyIdOf } from './api-key-auth.server';
export { sendsBearer } from './api-key-tokens.server';
export { busiestKeysLastDay } from './api-key-usage.server';
export { adminApiKeysRoutes, apiKeysRoutes } from './api-keys.routes.server';
export { idempotencyGuard } from './idempotency.server';
