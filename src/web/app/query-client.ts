import { QueryClient } from '@tanstack/react-query';

/** One client for the browser session. Imported only by the signed-in area's chunks (never by public pages). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: 1,
      refetchOnWindowFocus: false,
    },
  },
});
