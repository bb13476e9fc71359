import { useMutation } from '@tanstack/react-query';
import type { PromptPreviewResponse } from '../../../../shared/prompt-preview';
import { api } from '../../../lib/api';

/** `POST /api/videos/prompt-preview`: the structured prompt of the text, before paying (free, limited per hour). */
export function usePromptPreview() {
  return useMutation({
    mutationFn: (prompt: string) => api.post<PromptPreviewResponse>('/api/videos/prompt-preview', { prompt }),
  });
}
