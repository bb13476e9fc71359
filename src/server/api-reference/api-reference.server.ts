/**
 * The api-reference room's entry file (ADR 0003, ADR 0057): what the composition root uses of it — `/docs/api`, the
 * API reference drawn by Scalar from the OpenAPI document, and the five-minute guide (ADR 0063). Other rooms import
 * this file, never one inside the room (biome.json).
 */
export { apiReferenceRoutes } from './api-reference.routes.server';
