/** What other features may use from credits; everything else in this folder is its own (biome.json keeps it so). */
export * from './api/get-credits';
export * from './components/credit-balance-pill';
export * from './components/expiring-credits-alert';
export * from './lib/format';
