/**
 * The accounts room's entry file (ADR 0003, ADR 0057): what other rooms use of it — Better Auth (sessions,
 * the auth routes, /api/me), roles and the admin guard, the users' table, the two-factor replay guard. Other
 * rooms import this file, never one inside the room (biome.json).
 */

export type { Role } from './accounts.schema.server';
export { DEFAULT_TIME_ZONE, ROLES, TIME_ZONES, user } from './accounts.schema.server';
export { authRoutes } from './auth.routes.server';
export type { Auth, CenaAuth } from './auth.server';
export { authIpAddress, createAuth } from './auth.server';
export { resolveAuthSecret } from './auth-secret.server';
export { meRoutes, requireKnownAdult } from './me.routes.server';
export { grantRole, hasRole, requireAdmin } from './roles.server';
export { claimTotpCode, releaseTotpCode } from './totp-replay.server';
