import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './query-client';

/**
 * Layout route around /auth/* , /dashboard/* and the admin page: provides TanStack Query. It lives in its own chunk
 * so the public pages never download TanStack Query.
 */
export default function AppDataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
