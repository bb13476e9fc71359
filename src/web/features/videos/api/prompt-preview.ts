import { useMutation } from '@tanstack/react-query';
import { videosContract } from '#shared/videos.contract';
import { callApi } from '#web/lib/api';

/** `POST /api/videos/prompt-preview`: the structured prompt of the text, before paying (free, limited per hour). */
export function usePromptPreview() {
  return useMutation({
    mutationFn: (prompt: string) => callApi(videosContract.previewPrompt, { body: { prompt } }),
  });
}
