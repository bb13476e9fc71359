/**
 * A toast that survives a full page load: the static public pages cannot show the SPA's toaster, so a page that
 * sends the visitor into the app (the pricing page's 'Login necessário') leaves the toast here and the app shows it
 * on start.
 */

const FLASH_KEY = 'cena.flash-toast';

export interface FlashToast {
  kind: 'error' | 'success';
  title: string;
  description?: string;
}

export function setFlashToast(toast: FlashToast): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
  } catch {
    // storage blocked: the next page just shows no toast
  }
}

export function takeFlashToast(): FlashToast | null {
  try {
    const text = window.sessionStorage.getItem(FLASH_KEY);
    if (!text) return null;
    window.sessionStorage.removeItem(FLASH_KEY);
    const toast = JSON.parse(text) as Partial<FlashToast> | null;
    if (!toast || typeof toast.title !== 'string') return null;
    return {
      kind: toast.kind === 'success' ? 'success' : 'error',
      title: toast.title,
      description: typeof toast.description === 'string' ? toast.description : undefined,
    };
  } catch {
    return null;
  }
}
