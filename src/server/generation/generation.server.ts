/**
 * The generation room's entry file (ADR 0003): what other rooms use of it — the generation job and its stored steps
 * (ADR 0024), the workers, the take check, the prompt writer and the structured prompt. Other rooms import this
 * file, never one inside the room (biome.json).
 */

export type { PipelineReadStorage } from './generate-video.job.server';
export { failRequest } from './generate-video.job.server';
export type { PromptWriter } from './prompt-writer.server';
export { createPromptWriter, RULES_WRITER } from './prompt-writer.server';
export { buildStructuredPrompt, STRUCTURED_PROMPT_RULES } from './structured-prompt.server';
export { takeCheckStats } from './take-check/take-stats.server';
export { takeChecksJson, takeChecksOf } from './take-check/take-view.server';
export type { VideoWorkers } from './workers.server';
export { configureVideoQueues, registerVideoWorkers } from './workers.server';
