/**
 * Start-up stage 2 (see entry-client.tsx): the router, the query cache, i18next and the toaster, the `libraries`
 * chunk (vite.config.ts). Only names the app uses anyway, so the chunk carries nothing more for them.
 */
export { QueryClient } from '@tanstack/react-query';
export { default as i18next } from 'i18next';
export { BrowserRouter } from 'react-router';
export { toast } from 'sonner';
