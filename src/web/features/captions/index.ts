/** What other features may use from captions; everything else in this folder is its own (biome.json keeps it so). */
export { CaptionsCard } from './components/captions-card';
