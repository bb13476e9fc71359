/** What other features may use from dashboard; everything else in this folder is its own (biome.json keeps it so). */
export * from './api/keys';
