/** What other features may use from verify; everything else in this folder is its own (biome.json keeps it so). */
export { useVerifyVideo } from './api/verify-video';
