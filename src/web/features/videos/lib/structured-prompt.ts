import type { EditedStructuredPrompt } from '#shared/prompt-preview';

/** The structured prompt as the create page holds it: edited by the editor, kept by the draft, sent by the submit. */
export interface StructuredPromptState {
  prompt: EditedStructuredPrompt;
  /** The text it was made from: a later change of the text is pointed out. */
  fromText: string;
  note: string | null;
}
