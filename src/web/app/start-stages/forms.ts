/**
 * Start-up stage 3 (see entry-client.tsx): forms, validation and the auth client, the `forms` chunk
 * (vite.config.ts). Only names the app uses anyway, so the chunk carries nothing more for them.
 */
export { zodResolver } from '@hookform/resolvers/zod';
export { createAuthClient } from 'better-auth/react';
export { useForm } from 'react-hook-form';
export { object, string } from 'zod';
