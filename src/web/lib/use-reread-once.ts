import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * Reads `query` again, once per mount: for a player whose signed URL expired, where nothing else may read it again
 * soon (a finished story is not polled). Once, so a file that fails for another reason does not send the page round
 * in a loop.
 */
export function useRereadOnce(query: QueryKey): () => void {
  const queryClient = useQueryClient();
  const asked = useRef(false);
  return () => {
    if (asked.current) return;
    asked.current = true;
    void queryClient.invalidateQueries({ queryKey: query });
  };
}
