/**
 * 'Roteiro' (stories, ADR 0062): its pages are composed by the app's route table; other features link to them by
 * these paths. Everything else in this folder is its own (biome.json keeps it so).
 */
export { STORIES_PATH, storyPath } from './lib/paths';
