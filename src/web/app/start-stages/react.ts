/** Start-up stage 1 (see entry-client.tsx): React and its DOM renderer, the `react` chunk (vite.config.ts). */
export { createRoot } from 'react-dom/client';
