/**
 * The cast room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the cast members (Elenco):
 * their routes, records and the snapshot a video request keeps. Other rooms import this file, never one
 * inside the room (biome.json).
 */

export { castRoutes } from './cast.routes.server';
export type { CastMemberRecord } from './cast-members.server';
export { castSnapshot, deleteAllCastMembers, findCastMembers } from './cast-members.server';
