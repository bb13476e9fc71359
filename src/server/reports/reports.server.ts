/**
 * The reports room's entry file (ADR 0003, ADR 0057, ADR 0066): what other rooms use of it — reports of share
 * links, the admin's queue and takedowns, the owner's contest, and the check that withholds a taken-down video's
 * media wherever a media URL is redeemed, where a taken-down video's files wait (deleted with the account), and the storage every writer is given, which
 * writes a taken-down video's late files there too (ADR 0070). Other rooms import this file, never one inside the room (biome.json).
 */
export { honouringTakedowns } from './honour-takedowns.server';
export { mediaWithheld } from './media-withheld.server';
export { reportsRoutes } from './reports.routes.server';
export { withheldKey, withholdableFiles } from './withhold-media.server';
