/**
 * The stories room's entry file (ADR 0003, ADR 0057, ADR 0062): what other rooms use of it — Roteiro's routes, the
 * planner and the sweep that moves stories on. Other rooms import this file, never one inside the room (biome.json).
 */

export { storiesRoutes } from './stories.routes.server';
export { startStoryAdvance } from './story-advance.server';
export { modelsSpeak } from './story-models.server';
export { createStoryPlanner } from './story-planner.server';
export { historyStories } from './story-summaries.server';
