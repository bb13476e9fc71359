/** What other features may use from video-detail; everything else in this folder is its own (biome.json keeps it so). */
export { ShareActions } from './components/share-actions';
