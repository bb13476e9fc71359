import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

/**
 * Set-up of the page tests (vitest.config.ts). Testing Library unmounts what a test rendered only where the runner
 * has a global `afterEach` (https://testing-library.com/docs/react-testing-library/api#cleanup), and vitest's
 * globals are off; the page tests share a module graph and a document per worker, so a dialog left open would keep
 * the next file's body at `pointer-events: none`, and sonner keeps its toasts in its module until they time out.
 */
afterEach(() => {
  cleanup();
  toast.dismiss();
});
