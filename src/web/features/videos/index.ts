/** What other features may use from videos; everything else in this folder is its own (biome.json keeps it so). */
export { useQueueEstimate } from './api/queue-estimate';
export * from './api/realtime';
export * from './api/video-request';
export * from './api/video-request-calls';
export * from './components/charge-confirm';
export * from './components/finish-dialog';
export * from './components/queue-place';
export * from './components/status-badge';
export * from './components/video-result';
export * from './components/video-thumbnail';
export { type ChosenDetail, useChosenDetails } from './lib/chosen-details';
export * from './lib/clipboard';
export { queueWait } from './lib/queue-place';
