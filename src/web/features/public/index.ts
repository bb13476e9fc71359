/** What other features may use from public; everything else in this folder is its own (biome.json keeps it so). */
export * from './components/page-header';
