/**
 * What other features may use from developers-webhooks; everything else in this folder is its own (biome.json
 * keeps it so). The Desenvolvedores page of the profile composes the section.
 */
export { WebhooksSection } from './components/webhooks-section';
