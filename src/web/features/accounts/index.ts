/** What other features may use from accounts; everything else in this folder is its own (biome.json keeps it so). */
export * from './api/me';
export * from './api/sign-out';
export { useBirthDateGate } from './components/birth-date-dialog';
export * from './components/native-select';
export * from './components/profile/preferences-card';
export * from './lib/auth-errors';
