/**
 * The share room's entry file (ADR 0003, ADR 0057): what other rooms use of it — share links and their
 * server-drawn pages. Other rooms import this file, never one inside the room (biome.json).
 */

export { shareRoutes } from './share.routes.server';
export { findSharedVideo } from './share-links.server';
export { sharePageRoutes } from './share-page.routes.server';
