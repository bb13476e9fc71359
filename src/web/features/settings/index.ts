/** What other features may use from settings; everything else in this folder is its own (biome.json keeps it so). */
export * from './components/push-device-card';
export * from './components/push-offer-card';
