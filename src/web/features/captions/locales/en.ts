import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './pt-BR';

/** `captions` namespace (English). Must have exactly the keys of pt-BR.ts (checked by the type). */
const en: LocaleShape<typeof ptBR> = {
  title: 'Captions',
  intro:
    "We transcribe the video's speech into Portuguese, with each sentence's timing. You correct the text and download the captions (.vtt) or the video with the captions burned into the picture, for Reels, TikTok and WhatsApp. Costs no credits.",
  start: 'Make captions',
  retry: 'Try again',
  transcribing: "Listening to the video's speech…",
  local: "Local mode's sample captions (no Gemini key): the text does not come from the video's speech.",
  preview: 'Preview with captions',
  trackLabel: 'Portuguese (Brazil)',
  editorTitle: 'Correct the text',
  editorHint: 'Each box is one caption, in the order it appears. The timings stay as they are.',
  cueLabel: 'Caption {{number}}, from {{start}} to {{end}}',
  save: 'Save and burn into the video',
  saved: 'Captions saved. Burning them into the video…',
  saveError: 'The captions could not be saved.',
  startError: 'The captions could not be made.',
  rendering: 'Burning the captions into the video…',
  downloadVtt: 'Download captions (.vtt)',
  downloadVideo: 'Download captioned video',
};

export default en;
