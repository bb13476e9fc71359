/** What other features may use from cast (Elenco); everything else in this folder is its own (biome.json keeps it so). */
export * from './api/cast';
export * from './components/cast-picker';
