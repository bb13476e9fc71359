/** What other features may use from developers; everything else in this folder is its own (biome.json keeps it so). */
export * from './components/developers-link-card';
